import type { ClockSync } from '@smoulder/protocol';

/**
 * Maps wall time onto the game clock: it runs at `rate` game ms per wall ms while somebody is
 * connected and stands still otherwise (the game has no offline progress).
 */
export class GameClock {
  private anchorGame: number;
  private anchorWall = 0;
  private rate = 0;

  constructor(
    start: number,
    private readonly wallNow: () => number = Date.now,
  ) {
    this.anchorGame = start;
  }

  now(): number {
    return this.rate === 0 ? this.anchorGame : this.anchorGame + (this.wallNow() - this.anchorWall) * this.rate;
  }

  /** Starts, stops (rate 0) or changes speed without a jump in game time. */
  setRate(rate: number): void {
    if (rate === this.rate) return;
    this.anchorGame = this.now();
    this.anchorWall = this.wallNow();
    this.rate = rate;
  }

  /** Puts the game clock at `gameTime` from this moment on, at the same rate (a restored game). */
  jump(gameTime: number): void {
    this.anchorGame = gameTime;
    this.anchorWall = this.wallNow();
  }

  get running(): boolean {
    return this.rate > 0;
  }

  /** Game ms per wall ms now (0: stopped). */
  get speed(): number {
    return this.rate;
  }

  /** Wall ms until the game clock reaches `gameTime`; Infinity while stopped. */
  wallDelayUntil(gameTime: number): number {
    if (this.rate === 0) return Infinity;
    return Math.max(0, (gameTime - this.now()) / this.rate);
  }

  sync(): ClockSync {
    return { gameNow: this.now(), serverTime: this.wallNow(), rate: this.rate };
  }
}

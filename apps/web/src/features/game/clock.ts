/**
 * Time as the client draws it. The server's frames carry a clock reading (`gameNow`, the game clock
 * in ms of play) and the rate it runs at; we note the local monotonic time each one arrived and
 * extrapolate from there. Everything here is pure so it can be tested without a browser.
 */
import { fightView, type GameState } from '@smoulder/engine';

/** A server clock reading pinned to the local `performance.now()` at which it arrived. */
export interface ClockAnchor {
  gameNow: number;
  /** Game ms per wall ms (1, or 2 in hyper mode; 0 would freeze time). */
  rate: number;
  receivedAt: number;
}

export function anchorClock(clock: { gameNow: number; rate: number }, receivedAt: number): ClockAnchor {
  return { gameNow: clock.gameNow, rate: clock.rate, receivedAt };
}

/** The game clock now: `gameNow + (localNow - receivedAt) * rate`, never before the anchor. */
export function gameNowAt(anchor: ClockAnchor, localNow: number): number {
  return anchor.gameNow + Math.max(0, localNow - anchor.receivedAt) * anchor.rate;
}

/** Game ms until `readyAt`, never negative. */
export function remainingMs(readyAt: number, now: number): number {
  return Math.max(0, readyAt - now);
}

/** Whole seconds left, rounded up so a bar never reads "0 s" while it still runs. */
export function remainingSeconds(readyAt: number, now: number): number {
  return Math.ceil(remainingMs(readyAt, now) / 1000);
}

/** Share of the cooldown still to run, from 1 (just pressed) down to 0 (ready). */
export function cooldownFraction(readyAt: number, cooldown: number, now: number): number {
  if (cooldown <= 0) return 0;
  return Math.min(1, Math.max(0, remainingMs(readyAt, now) / cooldown));
}

export function isCooling(readyAt: number, now: number): boolean {
  return readyAt > now;
}

/** Whether any cooldown group is still running at `now`: the view animates only while one is. */
export function anyCooling(cooldowns: Readonly<Record<string, number>>, now: number): boolean {
  return Object.values(cooldowns).some((readyAt) => readyAt > now);
}

/**
 * Whether the view must be redrawn every frame: a cooldown group runs, the open scene's buttons
 * are still locked, or a fight button is cooling.
 */
export function needsFrames(state: GameState, now: number): boolean {
  if (anyCooling(state.cooldowns, now)) return true;
  if ((state.event?.readyAt ?? 0) > now) return true;
  const fight = state.fight ? fightView(state, now) : null;
  return fight !== null && [...fight.weapons, ...fight.support].some((b) => b.readyAt > now);
}

/**
 * Reconnect delay for the `attempt`-th retry (0-based): 0.5 s doubling up to 10 s, with "equal
 * jitter" (a random point in the upper half) so many tabs do not knock at once.
 */
export function backoffDelay(attempt: number, random: number, base = 500, cap = 10_000): number {
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(1, Math.max(0, random)));
}

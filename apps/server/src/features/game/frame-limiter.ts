/**
 * How fast one socket may talk. A token bucket: it holds up to `burst` frames and refills at
 * `perSecond`; a frame that finds it empty is refused (the client hears `message/rate_limited`).
 * Refused frames fill a second, leaky bucket that drains at a quarter of the refill rate; once it
 * overflows (another `burst` of refusals that did not drain) the sender is flooding, and the socket
 * is closed. A player clicking fast never gets near either bucket; a client sending a little over
 * the rate is refused now and then but stays connected; a loop sending as fast as it can is cut off
 * a few milliseconds after its burst.
 */
export interface FrameLimits {
  perSecond: number;
  burst: number;
}

export type FrameVerdict = 'ok' | 'limited' | 'flood';

export class FrameLimiter {
  private tokens: number;
  private refused = 0;
  private last: number;

  constructor(
    private readonly limits: FrameLimits,
    now: number,
  ) {
    this.tokens = limits.burst;
    this.last = now;
  }

  /** Counts one frame arriving at `now` (ms) and says what to do with it. */
  take(now: number): FrameVerdict {
    const elapsed = Math.max(0, now - this.last) / 1000;
    this.last = now;
    this.tokens = Math.min(this.limits.burst, this.tokens + elapsed * this.limits.perSecond);
    this.refused = Math.max(0, this.refused - (elapsed * this.limits.perSecond) / 4);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'ok';
    }
    this.refused += 1;
    return this.refused > this.limits.burst ? 'flood' : 'limited';
  }
}

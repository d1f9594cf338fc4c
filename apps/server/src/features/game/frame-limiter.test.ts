import { describe, expect, it } from 'vitest';
import { FrameLimiter, type FrameVerdict } from './frame-limiter.ts';

const limits = { perSecond: 20, burst: 40 };

/** Sends `count` frames `gapMs` apart from `start`; returns the verdicts and the time after the last. */
function send(limiter: FrameLimiter, count: number, gapMs: number, start: number): { verdicts: FrameVerdict[]; end: number } {
  const verdicts: FrameVerdict[] = [];
  let t = start;
  for (let i = 0; i < count; i++, t += gapMs) verdicts.push(limiter.take(t));
  return { verdicts, end: t };
}

const tally = (verdicts: FrameVerdict[]) => ({
  ok: verdicts.filter((v) => v === 'ok').length,
  limited: verdicts.filter((v) => v === 'limited').length,
  flood: verdicts.filter((v) => v === 'flood').length,
});

describe('FrameLimiter', () => {
  it('lets a burst through at once, then refuses until tokens refill', () => {
    const limiter = new FrameLimiter(limits, 0);
    const { verdicts } = send(limiter, 45, 0, 0);
    expect(tally(verdicts)).toEqual({ ok: 40, limited: 5, flood: 0 });
    // 50 ms refill one token at 20/s.
    expect(limiter.take(50)).toBe('ok');
    expect(limiter.take(50)).toBe('limited');
  });

  it('never refuses a client that stays at the rate', () => {
    const limiter = new FrameLimiter(limits, 0);
    expect(tally(send(limiter, 2000, 50, 0).verdicts)).toEqual({ ok: 2000, limited: 0, flood: 0 });
  });

  it('refuses a client a little over the rate now and then, without ever cutting it off', () => {
    const limiter = new FrameLimiter(limits, 0);
    // 25 frames a second for two minutes.
    const result = tally(send(limiter, 3000, 40, 0).verdicts);
    expect(result.flood).toBe(0);
    expect(result.limited).toBeGreaterThan(0);
    expect(result.ok).toBeGreaterThan(2300);
  });

  it('calls a loop flooding, one burst of refusals after its own burst', () => {
    const limiter = new FrameLimiter(limits, 0);
    const { verdicts } = send(limiter, 200, 0.1, 0);
    const firstFlood = verdicts.indexOf('flood');
    // 40 let through, then the 41st refusal overflows the second bucket.
    expect(firstFlood).toBeGreaterThanOrEqual(80);
    expect(firstFlood).toBeLessThan(83);
    expect(verdicts.slice(firstFlood).every((v) => v === 'flood')).toBe(true);
  });

  it('forgives old refusals: an overeager moment now and then is never called a flood', () => {
    const limiter = new FrameLimiter(limits, 0);
    let t = 0;
    const all: FrameVerdict[] = [];
    for (let round = 0; round < 20; round++) {
      // 70 frames at once (30 refused), then a quiet 10 s.
      const { verdicts } = send(limiter, 70, 0, t);
      all.push(...verdicts);
      t += 10_000;
    }
    expect(tally(all).flood).toBe(0);
  });
});

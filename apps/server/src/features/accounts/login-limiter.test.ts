import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

describe('LoginLimiter', () => {
  it('refuses an email after max failures until the window from the first failure ends', () => {
    let now = 0;
    const limiter = new LoginLimiter({ max: 3, windowMs: 1000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a@x.co')).toBe(0);
      limiter.failed('a@x.co');
      now += 100;
    }
    expect(limiter.retryAfter('a@x.co')).toBe(700);
    expect(limiter.retryAfter('b@x.co')).toBe(0);
    now = 1000;
    expect(limiter.retryAfter('a@x.co')).toBe(0);
    limiter.failed('a@x.co');
    expect(limiter.retryAfter('a@x.co')).toBe(0);
  });

  it('forgets the failures of an email that signs in', () => {
    const limiter = new LoginLimiter({ max: 2, windowMs: 1000 }, () => 0);
    limiter.failed('a@x.co');
    limiter.succeeded('a@x.co');
    limiter.failed('a@x.co');
    expect(limiter.retryAfter('a@x.co')).toBe(0);
  });

  it('remembers at most maxTracked emails, dropping expired ones first, then the oldest', () => {
    let now = 0;
    const limiter = new LoginLimiter({ max: 1, windowMs: 1000, maxTracked: 3 }, () => now);
    limiter.failed('old@x.co');
    now = 900;
    limiter.failed('b@x.co');
    limiter.failed('c@x.co');
    now = 1000;
    limiter.failed('d@x.co'); // old@ has expired and goes
    expect(limiter.tracked).toBe(3);
    expect(limiter.retryAfter('b@x.co')).toBeGreaterThan(0);
    limiter.failed('e@x.co'); // full of live entries: the oldest (b@) goes
    expect(limiter.tracked).toBe(3);
    expect(limiter.retryAfter('b@x.co')).toBe(0);
    expect(limiter.retryAfter('e@x.co')).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { newGame } from '@smoulder/engine';
import { anchorClock, anyCooling, backoffDelay, cooldownFraction, gameNowAt, needsFrames, remainingSeconds } from './clock.ts';

describe('game clock', () => {
  it('extrapolates from the frame that brought the reading', () => {
    const anchor = anchorClock({ gameNow: 60_000, rate: 1 }, 1_000);
    expect(gameNowAt(anchor, 1_000)).toBe(60_000);
    expect(gameNowAt(anchor, 3_500)).toBe(62_500);
  });

  it('runs at the server rate (hyper mode doubles it)', () => {
    const anchor = anchorClock({ gameNow: 10_000, rate: 2 }, 500);
    expect(gameNowAt(anchor, 1_500)).toBe(12_000);
  });

  it('never goes back before the reading', () => {
    const anchor = anchorClock({ gameNow: 10_000, rate: 1 }, 500);
    expect(gameNowAt(anchor, 100)).toBe(10_000);
  });

  it('stands still at rate 0', () => {
    expect(gameNowAt(anchorClock({ gameNow: 7, rate: 0 }, 0), 99_999)).toBe(7);
  });
});

describe('cooldown bars', () => {
  it('is full when just pressed and empty when ready', () => {
    expect(cooldownFraction(20_000, 10_000, 10_000)).toBe(1);
    expect(cooldownFraction(20_000, 10_000, 15_000)).toBe(0.5);
    expect(cooldownFraction(20_000, 10_000, 20_000)).toBe(0);
    expect(cooldownFraction(20_000, 10_000, 25_000)).toBe(0);
  });

  it('clamps a clock that reads before the press, and a zero-length cooldown', () => {
    expect(cooldownFraction(20_000, 10_000, 5_000)).toBe(1);
    expect(cooldownFraction(20_000, 0, 5_000)).toBe(0);
  });

  it('rounds seconds left upward', () => {
    expect(remainingSeconds(20_000, 10_001)).toBe(10);
    expect(remainingSeconds(20_000, 19_999)).toBe(1);
    expect(remainingSeconds(20_000, 20_000)).toBe(0);
  });

  it('animates only while some cooldown runs', () => {
    expect(anyCooling({}, 0)).toBe(false);
    expect(anyCooling({ fire: 10_000, gather: 3_000 }, 5_000)).toBe(true);
    expect(anyCooling({ fire: 10_000 }, 10_000)).toBe(false);
  });
});

describe('reconnect backoff', () => {
  it('doubles from 0.5 s up to 10 s', () => {
    const top = [0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, 1));
    expect(top).toEqual([500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });

  it('jitters within the upper half of each step', () => {
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(3, 0)).toBe(2_000);
    expect(backoffDelay(3, 0.5)).toBe(3_000);
    expect(backoffDelay(20, 0)).toBe(5_000);
  });
});

describe('needsFrames', () => {
  it('animates while a cooldown runs or a scene waits to unlock, and not otherwise', () => {
    const state = newGame(1);
    expect(needsFrames(state, 0)).toBe(false);
    state.cooldowns = { fire: 5_000 };
    expect(needsFrames(state, 4_000)).toBe(true);
    expect(needsFrames(state, 5_000)).toBe(false);
    state.event = { id: 'nomad', scene: 'start', readyAt: 6_000 };
    expect(needsFrames(state, 5_500)).toBe(true);
    expect(needsFrames(state, 6_000)).toBe(false);
  });
});

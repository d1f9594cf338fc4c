import { describe, expect, it } from 'vitest';
import { GameClock } from './game-clock.ts';

describe('GameClock', () => {
  const at = (start: number) => {
    let wall = 1_000_000;
    const clock = new GameClock(start, () => wall);
    return { clock, pass: (ms: number) => (wall += ms) };
  };

  it('stands still until started, then follows wall time at its rate', () => {
    const { clock, pass } = at(5000);
    pass(10_000);
    expect(clock.now()).toBe(5000);
    clock.setRate(1);
    pass(2000);
    expect(clock.now()).toBe(7000);
    clock.setRate(2);
    pass(1000);
    expect(clock.now()).toBe(9000);
  });

  it('stops without a jump and says how long until a game time in wall ms', () => {
    const { clock, pass } = at(0);
    clock.setRate(2);
    pass(500);
    expect(clock.wallDelayUntil(3000)).toBe(1000);
    clock.setRate(0);
    pass(60_000);
    expect(clock.now()).toBe(1000);
    expect(clock.wallDelayUntil(3000)).toBe(Infinity);
    expect(clock.sync()).toMatchObject({ gameNow: 1000, rate: 0 });
  });
});

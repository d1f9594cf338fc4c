import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { newGame, type FireLevel, type GameState, type TemperatureLevel } from '../core/state.ts';
import { LIGHT, mustApply, noticeKeys } from '../testing/play.ts';

const STEP = 30_000;

/** A room with a steady fire (no cooling pending) and nobody in it. */
function room(fire: FireLevel, temperature: TemperatureLevel): GameState {
  const state = newGame(1);
  return { ...state, room: { ...state.room, fire, temperature } };
}

const temperatureNotices = (keys: string[]) => keys.filter((k) => k.startsWith('notice.temperature.'));

describe('temperature', () => {
  it('warms one step every 30 s toward a burning fire, and no further', () => {
    const lit = mustApply(newGame(1), LIGHT, 0).state;
    const at = (t: number) => advance(lit, t).state.room.temperature;
    expect([29_999, 30_000, 59_999, 60_000, 90_000, 120_000, 240_000].map(at)).toEqual([0, 1, 1, 2, 3, 3, 3]);
  });

  it('cools one step every 30 s toward a dead fire, down to freezing', () => {
    const start = room(0, 4);
    const at = (n: number) => advance(start, n * STEP).state.room.temperature;
    expect([1, 2, 3, 4, 5, 6].map(at)).toEqual([3, 2, 1, 0, 0, 0]);
  });

  it('never rises above hot', () => {
    expect(advance(room(4, 4), 10 * STEP).state.room.temperature).toBe(4);
  });

  it('announces each change, and only changes', () => {
    const { events } = advance(room(0, 4), 6 * STEP);
    expect(temperatureNotices(noticeKeys(events))).toEqual([
      'notice.temperature.warm',
      'notice.temperature.mild',
      'notice.temperature.cold',
      'notice.temperature.freezing',
    ]);
  });

  it('keeps its 30 s beat forever, even when nothing changes', () => {
    const tenHours = 36_000_000;
    const later = advance(room(0, 0), tenHours).state;
    expect(later.timers.temperature).toBe(tenHours + STEP);
  });

  it('runs on the clock from the start of play, not from the lighting', () => {
    const lit = mustApply(newGame(1), LIGHT, 20_000).state;
    expect(lit.timers.temperature).toBe(30_000);
    expect(advance(lit, 30_000).state.room.temperature).toBe(1);
  });
});

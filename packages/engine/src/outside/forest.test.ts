import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { newGame, type GameState } from '../core/state.ts';
import { LIGHT, milestoneIds, mustApply, noticeKeys } from '../testing/play.ts';

const lit = () => mustApply(newGame(1), LIGHT, 0).state;

describe('the forest', () => {
  it('opens 15 s after the stranger comes to, at 45 s', () => {
    expect(advance(lit(), 44_999).state.features.outside).toBe(false);
    const { state, events } = advance(advance(lit(), 44_999).state, 45_000);
    expect(state.features.outside).toBe(true);
    expect(state.timers.forest).toBeNull();
    expect(noticeKeys(events)).toEqual(['notice.forest.wind', 'notice.forest.wood_low']);
    expect(milestoneIds(events)).toEqual(['forest_opened']);
  });

  it('sets the wood to 4, whatever was there', () => {
    const before = advance(lit(), 44_999).state;
    expect(advance({ ...before, stores: { wood: 30 } }, 45_000).state.stores.wood).toBe(4);
  });

  it('puts idle hands to gathering from the next income tick', () => {
    expect(advance(lit(), 45_000).state.income).toEqual({ gatherer: 46_000 });
  });

  it('opens at once for a save whose stranger came to but whose forest never opened', () => {
    const state = newGame(1);
    const stuck: GameState = {
      ...state,
      clock: 500_000,
      room: { fire: 3, temperature: 3, builder: 2 },
      timers: { ...state.timers, temperature: 510_000, builder: 510_000 },
    };
    const { state: after } = advance(stuck, 500_000);
    expect(after.features.outside).toBe(true);
    expect(after.stores.wood).toBe(4);
    expect(after.income.gatherer).toBe(501_000);
  });

  it('does nothing when a stale forest timer fires after the forest is open', () => {
    const open = advance(lit(), 100_000).state;
    const stale: GameState = { ...open, timers: { ...open.timers, forest: 100_000 } };
    const { state } = advance(stale, 100_000);
    expect(state.stores.wood).toBe(open.stores.wood);
    expect(state.timers.forest).toBeNull();
  });
});

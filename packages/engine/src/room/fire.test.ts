import { describe, expect, it } from 'vitest';
import { advance, nextDueAt } from '../advance.ts';
import { apply } from '../apply.ts';
import { newGame, type GameState } from '../core/state.ts';
import { LIGHT, STOKE, mustApply, noticeKeys } from '../testing/play.ts';

const FIVE_MIN = 300_000;

/**
 * A room at clock 0 whose fire last changed at 0, so its next cooling is due at 5 min. A builder who
 * has come to has opened the forest already; otherwise the forest would open and reset the wood.
 */
function room(patch: Partial<GameState['room']>, stores: Record<string, number> = {}): GameState {
  const state = newGame(1);
  const builder = patch.builder ?? state.room.builder;
  return {
    ...state,
    stores,
    features: { outside: builder >= 1, path: false, fabricator: false, ship: false },
    room: { ...state.room, ...patch },
    timers: { ...state.timers, fireCool: FIVE_MIN },
  };
}

describe('light fire', () => {
  it('is free before any wood exists, and creates no wood store', () => {
    const { state } = mustApply(newGame(1), LIGHT, 0);
    expect(state.room.fire).toBe(3);
    expect('wood' in state.stores).toBe(false);
  });

  it('costs 5 wood once the wood store exists', () => {
    const { state } = mustApply(room({ fire: 0 }, { wood: 7 }), LIGHT, 0);
    expect(state.stores.wood).toBe(2);
    expect(state.room.fire).toBe(3);
  });

  it('is refused with 4 wood and changes nothing, not even the cooldown', () => {
    const before = room({ fire: 0 }, { wood: 4 });
    const snapshot = structuredClone(before);
    const result = apply(before, LIGHT, 0);
    expect(result).toEqual({
      ok: false,
      error: { code: 'cost/not_enough', key: 'error.cost.not_enough', params: { resource: 'wood' } },
    });
    expect(before).toEqual(snapshot);
    // No cooldown started: with one more wood it lights at the very same moment.
    expect(apply({ ...before, stores: { wood: 5 } }, LIGHT, 0).ok).toBe(true);
  });

  it('is refused with an empty wood store', () => {
    expect(apply(room({ fire: 0 }, { wood: 0 }), LIGHT, 0)).toMatchObject({ ok: false, error: { code: 'cost/not_enough' } });
  });

  it('is refused while the fire burns', () => {
    expect(apply(room({ fire: 1 }), LIGHT, 0)).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
  });

  it('announces the burning fire and starts the 10 s cooldown and the 5 min cooling', () => {
    const { state, events } = mustApply(newGame(1), LIGHT, 2_000);
    expect(noticeKeys(events)).toContain('notice.fire.burning');
    expect(state.cooldowns.fire).toBe(12_000);
    expect(state.timers.fireCool).toBe(302_000);
  });
});

describe('stoke fire', () => {
  it('costs 1 wood while there is wood', () => {
    const { state } = mustApply(room({ fire: 1 }, { wood: 3 }), STOKE, 0);
    expect(state.stores.wood).toBe(2);
    expect(state.room.fire).toBe(2);
  });

  it('is free before any wood exists', () => {
    const lit = mustApply(newGame(1), LIGHT, 0).state;
    const { state } = mustApply(lit, STOKE, 10_000);
    expect(state.room.fire).toBe(4);
    expect('wood' in state.stores).toBe(false);
  });

  it('is refused when the wood store exists but is empty, and changes nothing', () => {
    const before = room({ fire: 1 }, { wood: 0 });
    const snapshot = structuredClone(before);
    expect(apply(before, STOKE, 0)).toEqual({
      ok: false,
      error: { code: 'cost/not_enough', key: 'error.fire.no_wood', params: { resource: 'wood' } },
    });
    expect(before).toEqual(snapshot);
  });

  it('is refused on a dead fire', () => {
    expect(apply(room({ fire: 0 }, { wood: 9 }), STOKE, 0)).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
  });

  it('is capped at roaring but still costs wood and restarts the cooling', () => {
    const { state, events } = mustApply(room({ fire: 4, builder: 4 }, { wood: 2 }), STOKE, 100_000);
    expect(state.room.fire).toBe(4);
    expect(state.stores.wood).toBe(1);
    expect(state.timers.fireCool).toBe(400_000);
    expect(noticeKeys(events).filter((k) => k.startsWith('notice.fire.'))).toEqual(['notice.fire.roaring']);
  });
});

describe('the shared fire cooldown', () => {
  const lit = () => mustApply(newGame(1), LIGHT, 0).state;

  it('refuses a stoke 9 999 ms after lighting, saying 1 s remains', () => {
    expect(apply(lit(), STOKE, 9_999)).toEqual({
      ok: false,
      error: { code: 'action/cooling_down', key: 'error.action.cooling_down', params: { seconds: 1 } },
    });
  });

  it('accepts a stoke 10 000 ms after lighting', () => {
    expect(apply(lit(), STOKE, 10_000).ok).toBe(true);
  });

  it('holds a relight back after a stoke too', () => {
    const stoked = mustApply(room({ fire: 1 }, { wood: 10 }), STOKE, 0).state;
    const dead = { ...stoked, room: { ...stoked.room, fire: 0 as const } };
    expect(apply(dead, LIGHT, 9_999)).toMatchObject({ ok: false, error: { code: 'action/cooling_down' } });
    expect(apply(dead, LIGHT, 10_000).ok).toBe(true);
  });
});

describe('cooling', () => {
  it('restarts the 5 min wait on every change', () => {
    const lit = mustApply(newGame(1), LIGHT, 0).state;
    const stoked = mustApply(lit, STOKE, 200_000).state;
    expect(stoked.timers.fireCool).toBe(500_000);
    expect(advance(stoked, 499_999).state.room.fire).toBe(4);
    expect(advance(stoked, 500_000).state.room.fire).toBe(3);
  });

  it('drops one level every 5 min until dead', () => {
    const start = room({ fire: 4, builder: 4 }, { wood: 0 });
    const levels = [1, 2, 3, 4].map((n) => advance(start, n * FIVE_MIN).state.room.fire);
    expect(levels).toEqual([3, 2, 1, 0]);
    expect(advance(start, 4 * FIVE_MIN - 1).state.room.fire).toBe(1);
  });

  it('announces each level as it falls', () => {
    const { events } = advance(room({ fire: 4, builder: 4 }, { wood: 0 }), 4 * FIVE_MIN);
    expect(noticeKeys(events).filter((k) => k.startsWith('notice.fire.'))).toEqual([
      'notice.fire.burning',
      'notice.fire.flickering',
      'notice.fire.smouldering',
      'notice.fire.dead',
    ]);
  });

  it('stops once dead: the cooling is no longer due', () => {
    const dead = advance(room({ fire: 1 }), FIVE_MIN).state;
    expect(dead.room.fire).toBe(0);
    const settled = advance(dead, 2 * FIVE_MIN).state;
    expect(settled.timers.fireCool).toBeNull();
    expect(nextDueAt(settled)).toBe(settled.timers.temperature);
    expect(advance(settled, 10 * FIVE_MIN).state.room.fire).toBe(0);
  });
});

describe('the helping builder tends the fire', () => {
  it.each([0, 1, 2] as const)('holds fire level %i, burning 1 wood per 5 min', (fire) => {
    const start = room({ fire, builder: 4 }, { wood: 10 });
    const later = advance(start, 4 * FIVE_MIN).state;
    expect(later.room.fire).toBe(fire);
    expect(later.stores.wood).toBe(6);
    expect(later.timers.fireCool).toBe(5 * FIVE_MIN);
  });

  it('says so when it stokes', () => {
    const { events } = advance(room({ fire: 2, builder: 4 }, { wood: 10 }), FIVE_MIN);
    const fireNotices = noticeKeys(events).filter((k) => /^notice\.(fire|builder)\./.test(k));
    expect(fireNotices).toEqual(['notice.builder.stokes', 'notice.fire.flickering']);
  });

  it('lets a roaring fire settle at flickering', () => {
    const start = room({ fire: 4, builder: 4 }, { wood: 10 });
    const at = (n: number) => advance(start, n * FIVE_MIN).state;
    expect([1, 2, 3, 4].map((n) => at(n).room.fire)).toEqual([3, 2, 2, 2]);
    expect([1, 2, 3, 4].map((n) => at(n).stores.wood)).toEqual([10, 10, 9, 8]);
  });

  it('keeps a dead fire dead while feeding it, until the wood runs out', () => {
    const start = room({ fire: 0, builder: 4 }, { wood: 2 });
    const once = advance(start, FIVE_MIN).state;
    expect(once.room.fire).toBe(0);
    expect(once.stores.wood).toBe(1);
    expect(once.timers.fireCool).toBe(2 * FIVE_MIN);
    const out = advance(start, 3 * FIVE_MIN).state;
    expect(out.stores.wood).toBe(0);
    expect(out.timers.fireCool).toBeNull();
  });

  it('does not stoke before it helps', () => {
    const later = advance(room({ fire: 2, builder: 3 }, { wood: 10 }), FIVE_MIN).state;
    expect(later.room.fire).toBe(1);
    expect(later.stores.wood).toBe(10);
  });
});

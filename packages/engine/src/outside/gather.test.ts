import { describe, expect, it } from 'vitest';
import { apply } from '../apply.ts';
import { newGame } from '../core/state.ts';
import { BUILD_CART, GATHER, LIGHT, helpingBuilder, mustApply, withStores } from '../testing/play.ts';

const lit = () => mustApply(newGame(1), LIGHT, 0).state;

describe('gather wood', () => {
  it('is unavailable before the forest opens', () => {
    expect(apply(lit(), GATHER, 44_999)).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
  });

  it('brings 10 wood', () => {
    const { state, events } = mustApply(lit(), GATHER, 45_000);
    expect(state.stores.wood).toBe(14);
    expect(events).toContainEqual({ type: 'notice', key: 'notice.gather.done', params: { amount: 10 } });
  });

  it('brings 50 wood once a cart stands', () => {
    const withCart = mustApply(withStores(helpingBuilder(), { wood: 30 }), BUILD_CART, 150_000).state;
    expect(withCart.stores.wood).toBe(0);
    expect(mustApply(withCart, GATHER, 150_000).state.stores.wood).toBe(50);
  });

  it('cools down for 60 s', () => {
    const gathered = mustApply(lit(), GATHER, 45_000).state;
    expect(gathered.cooldowns.gather).toBe(105_000);
    expect(apply(gathered, GATHER, 104_999)).toMatchObject({
      ok: false,
      error: { code: 'action/cooling_down', params: { seconds: 1 } },
    });
    expect(mustApply(gathered, GATHER, 105_000).state.stores.wood).toBe(24);
  });

  it('works in any temperature', () => {
    const state = helpingBuilder();
    const freezing = { ...state, room: { ...state.room, temperature: 0 as const } };
    expect(mustApply(freezing, GATHER, 150_000).state.stores.wood).toBe(14);
  });
});

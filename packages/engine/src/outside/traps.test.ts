import { describe, expect, it } from 'vitest';
import { apply } from '../apply.ts';
import { nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { TRAP_DROPS, trapDrop } from '../content/trap-drops.ts';
import { CHECK_TRAPS, helpingBuilder, mustApply } from '../testing/play.ts';

const T0 = 150_000;

/** The helping builder's state with traps and bait laid down directly. */
function trapsAndBait(traps: number, bait?: number, seed = 1): GameState {
  const state = helpingBuilder(seed);
  const stores = bait === undefined ? { ...state.stores } : { ...state.stores, bait };
  return { ...state, stores, outside: { ...state.outside, buildings: { trap: traps } } };
}

/** The drops `rolls` rolls of this rng would give, computed independently of the command. */
function expectedDrops(state: GameState, rolls: number): Record<string, number> {
  const rng = { ...state.rng };
  const drops: Record<string, number> = {};
  for (let i = 0; i < rolls; i++) {
    const resource = trapDrop(nextFloat(rng));
    drops[resource] = (drops[resource] ?? 0) + 1;
  }
  return drops;
}

const dropsIn = (state: GameState): Record<string, number> =>
  Object.fromEntries(TRAP_DROPS.map((d) => [d.resource, state.stores[d.resource] ?? 0] as const).filter(([, n]) => n > 0));

describe('check traps', () => {
  it('is unavailable without a trap', () => {
    expect(apply(helpingBuilder(), CHECK_TRAPS, T0)).toEqual({
      ok: false,
      error: { code: 'action/unavailable', key: 'error.traps.none' },
    });
  });

  it('rolls once per trap without bait', () => {
    const before = trapsAndBait(3);
    const { state } = mustApply(before, CHECK_TRAPS, T0);
    expect(dropsIn(state)).toEqual(expectedDrops(before, 3));
  });

  it('rolls traps + min(bait, traps) times and eats the bait used', () => {
    const before = trapsAndBait(3, 2);
    const { state } = mustApply(before, CHECK_TRAPS, T0);
    expect(dropsIn(state)).toEqual(expectedDrops(before, 5));
    expect(state.stores.bait).toBe(0);
  });

  it('uses no more bait than there are traps', () => {
    const before = trapsAndBait(2, 5);
    const { state } = mustApply(before, CHECK_TRAPS, T0);
    expect(Object.values(dropsIn(state)).reduce((a, b) => a + b, 0)).toBe(4);
    expect(state.stores.bait).toBe(3);
  });

  it('draws exactly one number per roll from the saved rng', () => {
    const before = trapsAndBait(10, 10);
    const { state } = mustApply(before, CHECK_TRAPS, T0);
    const expected = { ...before.rng };
    for (let i = 0; i < 20; i++) nextFloat(expected);
    expect(state.rng).toEqual(expected);
  });

  it('names the kinds found once each, in table order', () => {
    const before = trapsAndBait(10, 10);
    const { events } = mustApply(before, CHECK_TRAPS, T0);
    const found = Object.keys(expectedDrops(before, 20));
    const items = TRAP_DROPS.map((d) => d.resource).filter((r) => found.includes(r));
    expect(events).toContainEqual({ type: 'notice', key: 'notice.traps.found', params: { items } });
  });

  it('cools down for 90 s', () => {
    const checked = mustApply(trapsAndBait(1), CHECK_TRAPS, T0).state;
    expect(apply(checked, CHECK_TRAPS, T0 + 89_999)).toMatchObject({
      ok: false,
      error: { code: 'action/cooling_down', params: { seconds: 1 } },
    });
    expect(apply(checked, CHECK_TRAPS, T0 + 90_000).ok).toBe(true);
  });
});

describe('trapDrop', () => {
  it.each([
    [0, 'fur'],
    [0.4999, 'fur'],
    [0.5, 'meat'],
    [0.7499, 'meat'],
    [0.75, 'scales'],
    [0.8499, 'scales'],
    [0.85, 'teeth'],
    [0.9299, 'teeth'],
    [0.93, 'cloth'],
    [0.9949, 'cloth'],
    [0.995, 'charm'],
    [0.9999999, 'charm'],
  ])('a roll of %f gives %s', (roll, resource) => {
    expect(trapDrop(roll)).toBe(resource);
  });
});

describe('trap drops over many seeded checks', () => {
  it('come in the table proportions', () => {
    let state = trapsAndBait(10, 0, 20_240_601);
    const checks = 2_000;
    state = { ...state, stores: { ...state.stores, bait: 10 * checks } };
    for (let i = 0; i < checks; i++) state = mustApply(state, CHECK_TRAPS, T0 + i * 90_000).state;
    const rolls = 20 * checks;
    const share = (r: string) => (state.stores[r] ?? 0) / rolls;
    // Tolerances are about five standard deviations for 40 000 rolls.
    expect(Math.abs(share('fur') - 0.5)).toBeLessThan(0.0125);
    expect(Math.abs(share('meat') - 0.25)).toBeLessThan(0.011);
    expect(Math.abs(share('scales') - 0.1)).toBeLessThan(0.0075);
    expect(Math.abs(share('teeth') - 0.08)).toBeLessThan(0.007);
    expect(Math.abs(share('cloth') - 0.065)).toBeLessThan(0.0062);
    expect(Math.abs(share('charm') - 0.005)).toBeLessThan(0.0018);
    expect(TRAP_DROPS.reduce((sum, d) => sum + (state.stores[d.resource] ?? 0), 0)).toBe(rolls);
  });
});

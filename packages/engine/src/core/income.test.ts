import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { ctxAt, helpingBuilder, withStores } from '../testing/play.ts';
import { addStore } from './context.ts';
import { incomeRates, nextTick, runIncome, startIncome } from './income.ts';
import { MAX_STORE, newGame, type GameState } from './state.ts';

/** A bare game whose only income is `sources`, each due at the given time. */
function withIncome(sources: Record<string, number>, stores: Record<string, number> = {}): GameState {
  return { ...newGame(1), income: sources, stores };
}

describe('the income grid', () => {
  it('ticks on whole seconds from clock 0, always strictly after now', () => {
    expect([0, 1, 999, 1_000, 45_000, 45_500].map(nextTick)).toEqual([1_000, 1_000, 1_000, 2_000, 46_000, 46_000]);
  });

  it('starts a new source on the very next tick', () => {
    const ctx = ctxAt(newGame(1), 45_500);
    startIncome(ctx, 'builder');
    expect(ctx.state.income.builder).toBe(46_000);
  });

  it('never restarts a running source', () => {
    const ctx = ctxAt(withIncome({ builder: 52_000 }), 45_500);
    startIncome(ctx, 'builder');
    expect(ctx.state.income.builder).toBe(52_000);
  });

  it('fires each source every 10 s on its own phase', () => {
    const state = withIncome({ builder: 3_000 }, { wood: 0 });
    expect(advance(state, 2_999).state.stores.wood).toBe(0);
    expect(advance(state, 3_000).state.stores.wood).toBe(2);
    expect(advance(state, 12_999).state.stores.wood).toBe(2);
    const later = advance(state, 13_000).state;
    expect(later.stores.wood).toBe(4);
    expect(later.income.builder).toBe(23_000);
  });

  it('keeps the phase when the amounts change', () => {
    // Gatherers appear mid-cycle: the source still fires at 156 s, now with their wood.
    const helping = helpingBuilder();
    expect(helping.income.gatherer).toBe(156_000);
    const villagers = { ...helping, outside: { ...helping.outside, population: 3 } };
    const { state } = advance(villagers, 156_000);
    expect(state.income.gatherer).toBe(166_000);
    expect(state.stores.wood).toBe(4 + 2 + 3);
  });
});

describe('running a source', () => {
  // Real sources only: tanners (fur −5 → leather 1 each), gatherers (wood +1 each), charcutiers
  // (meat −5, wood −5 → cured meat 1 each). Nothing is added to the shared content.
  const village = (workers: Record<string, number>, population: number): GameState['outside'] => ({
    buildings: {},
    population,
    workers,
  });

  it('is all or nothing: a cycle it cannot pay for produces nothing and consumes nothing', () => {
    const state = { ...withIncome({ tanner: 10_000 }, { fur: 4 }), outside: village({ tanner: 1 }, 1) };
    const ctx = ctxAt(state, 10_000);
    runIncome(ctx);
    expect(ctx.state.stores).toEqual({ fur: 4 });
    expect(ctx.state.income.tanner).toBe(20_000);
  });

  it('runs a cycle it can just pay for', () => {
    const state = { ...withIncome({ tanner: 10_000 }, { fur: 5 }), outside: village({ tanner: 1 }, 1) };
    const ctx = ctxAt(state, 10_000);
    runIncome(ctx);
    expect(ctx.state.stores).toEqual({ fur: 0, leather: 1 });
  });

  it('runs sources in the order they were started, so an earlier one can feed a later one', () => {
    // Five idle villagers bring exactly the 5 wood one charcutier needs.
    const outside = village({ charcutier: 1 }, 6);
    const feeds = ctxAt({ ...withIncome({ gatherer: 10_000, charcutier: 10_000 }, { wood: 0, meat: 5 }), outside }, 10_000);
    runIncome(feeds);
    expect(feeds.state.stores).toEqual({ wood: 0, meat: 0, 'cured meat': 1 });
    const starves = ctxAt({ ...withIncome({ charcutier: 10_000, gatherer: 10_000 }, { wood: 0, meat: 5 }), outside }, 10_000);
    runIncome(starves);
    expect(starves.state.stores).toEqual({ wood: 5, meat: 5 });
  });

  it('skips sources not yet due', () => {
    const ctx = ctxAt(withIncome({ builder: 10_000 }, { wood: 0 }), 9_999);
    runIncome(ctx);
    expect(ctx.state.stores.wood).toBe(0);
  });

  it('writes no store for a zero amount', () => {
    const ctx = ctxAt(withIncome({ gatherer: 10_000 }), 10_000);
    runIncome(ctx);
    expect(ctx.state.stores).toEqual({});
  });

  it('caps a store at MAX_STORE', () => {
    const state = withIncome({ builder: 1_000 }, { wood: MAX_STORE - 1 });
    expect(advance(state, 1_000).state.stores.wood).toBe(MAX_STORE);
  });
});

describe('stores', () => {
  it('never go below zero', () => {
    const state = withStores(newGame(1), { wood: 3 });
    addStore(state, 'wood', -10);
    expect(state.stores.wood).toBe(0);
    expect(Object.is(state.stores.wood, 0)).toBe(true);
  });

  it('never exceed MAX_STORE = 99 999 999 999 999', () => {
    const state = newGame(1);
    addStore(state, 'wood', 2 * MAX_STORE);
    expect(state.stores.wood).toBe(99_999_999_999_999);
  });
});

describe('incomeRates', () => {
  it('sums each resource over every running source, per 10 s', () => {
    const helping = helpingBuilder();
    expect(incomeRates(helping)).toEqual({ wood: 2 });
    expect(incomeRates({ ...helping, outside: { ...helping.outside, population: 3 } })).toEqual({ wood: 5 });
  });

  it('leaves out what is neither gained nor lost', () => {
    expect(incomeRates(withIncome({ gatherer: 1_000 }))).toEqual({});
  });
});

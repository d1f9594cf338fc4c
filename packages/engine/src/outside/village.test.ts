/**
 * The village's rules (03 §4–6): villagers' arrivals, who gathers, assigning workers, the income of
 * every job (all or nothing per job), and the losses village events inflict.
 */
import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { apply } from '../apply.ts';
import type { Command } from '../core/commands.ts';
import { createRng, nextFloat, type RngState } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { villageView } from '../selectors.ts';
import { ctxAt, helpingBuilder, mustApply, noticeKeys, openingGame } from '../testing/play.ts';
import { destroyHuts, killVillagers, villagersArrive } from './village.ts';

const T0 = 150_000;
const MIN = 60_000;
const HUT: Command = { type: 'build', building: 'hut' };

/** The first rng (seeds from 1) whose next draw passes `test`. */
function rngWhoseNext(test: (u: number) => boolean): RngState {
  for (let seed = 1; seed < 1_000_000; seed++) {
    if (test(nextFloat(createRng(seed)))) return createRng(seed);
  }
  throw new Error('no such seed');
}

/** The helping builder's warm room, with a village laid down directly. */
function village(
  outside: Partial<GameState['outside']>,
  stores: Record<string, number> = {},
  rng: RngState = createRng(1),
): GameState {
  const state = helpingBuilder();
  return {
    ...state,
    rng: { ...rng },
    stores: { ...stores },
    outside: { buildings: {}, population: 0, workers: {}, ...outside },
  };
}

describe('the arrival timer (03 §4)', () => {
  it('does not run before the first hut; the first hut starts it, later huts leave it be', () => {
    const state = village({}, { wood: 250 });
    expect(state.timers.population).toBeNull();
    expect(advance(state, T0 + 10 * MIN).state.outside.population).toBe(0);
    const one = mustApply(state, HUT, T0).state;
    const due = one.timers.population!;
    expect([T0 + 0.5 * MIN, T0 + 1.5 * MIN, T0 + 2.5 * MIN]).toContain(due);
    const two = mustApply(one, HUT, T0 + 1).state;
    expect(two.timers.population).toBe(due);
  });

  it.each([
    ['just above 0', (u: number) => u < 0.01, 0.5],
    ['just below 0.4', (u: number) => u >= 0.39 && u < 0.4, 0.5],
    ['just above 0.4', (u: number) => u >= 0.4 && u < 0.41, 1.5],
    ['just below 0.8', (u: number) => u >= 0.79 && u < 0.8, 1.5],
    ['just above 0.8', (u: number) => u >= 0.8 && u < 0.81, 2.5],
    ['just below 1', (u: number) => u >= 0.99, 2.5],
  ])('waits floor(U × 2.5) + 0.5 min: U %s gives %f min', (_, roll, minutes) => {
    const state = village({}, { wood: 100 }, rngWhoseNext(roll));
    expect(mustApply(state, HUT, T0).state.timers.population).toBe(T0 + minutes * MIN);
  });

  it('waits 0.5, 1.5 or 2.5 min with chances 40, 40 and 20 %', () => {
    const counts: Record<number, number> = {};
    const n = 3_000;
    for (let seed = 1; seed <= n; seed++) {
      const due = mustApply(village({}, { wood: 100 }, createRng(seed)), HUT, T0).state.timers.population!;
      counts[(due - T0) / MIN] = (counts[(due - T0) / MIN] ?? 0) + 1;
    }
    expect(Object.keys(counts).map(Number).sort((a, b) => a - b)).toEqual([0.5, 1.5, 2.5]);
    expect(counts[0.5] / n).toBeCloseTo(0.4, 1);
    expect(counts[1.5] / n).toBeCloseTo(0.4, 1);
    expect(counts[2.5] / n).toBeCloseTo(0.2, 1);
  });

  it('is set again after every arrival, one delay on', () => {
    const state = village({ buildings: { hut: 5 } });
    state.timers.population = T0 + 1_000;
    const { state: after } = advance(state, T0 + 1_000);
    expect(after.outside.population).toBeGreaterThan(0);
    expect([0.5, 1.5, 2.5].map((m) => T0 + 1_000 + m * MIN)).toContain(after.timers.population);
  });

  it('is set again after an attempt that finds no room, and nobody comes', () => {
    const state = village({ buildings: { hut: 2 }, population: 8 });
    state.timers.population = T0 + 1_000;
    const { state: after, events } = advance(state, T0 + 1_000);
    expect(after.outside.population).toBe(8);
    expect(noticeKeys(events).filter((k) => k.startsWith('notice.village.arrive'))).toEqual([]);
    expect([0.5, 1.5, 2.5].map((m) => T0 + 1_000 + m * MIN)).toContain(after.timers.population);
  });

  it('keeps arriving forever, filling the huts and never more', () => {
    let state = mustApply(village({ buildings: { hut: 4 } }, { wood: 300 }), HUT, T0).state;
    for (let t = T0; t <= T0 + 60 * MIN; t += 5 * MIN) {
      state = advance(state, t).state;
      expect(state.outside.population).toBeLessThanOrEqual(20);
    }
    expect(state.outside.population).toBe(20);
  });
});

describe('arrivals (03 §4)', () => {
  /** Arrivals at a due-time with `space` free, over the rngs of seeds 1 … n. */
  function arrivalsWith(space: number, n = 400): Set<number> {
    const seen = new Set<number>();
    for (let seed = 1; seed <= n; seed++) {
      const ctx = ctxAt(village({ buildings: { hut: 20 }, population: 80 - space }, {}, createRng(seed)), T0);
      villagersArrive(ctx);
      seen.add(ctx.state.outside.population - (80 - space));
    }
    return seen;
  }

  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('bring exactly 1 into the last free place', () => {
    expect([...arrivalsWith(1)]).toEqual([1]);
  });

  it.each([2, 3, 4, 5, 8, 13, 20])('bring floor(space/2) … space − 1 into %i free places, each possible', (space) => {
    expect([...arrivalsWith(space)].sort((a, b) => a - b)).toEqual(range(Math.floor(space / 2), space - 1));
  });

  it('bring 40 to 79 into an empty village of 20 huts', () => {
    const seen = arrivalsWith(80, 2_000);
    expect(Math.min(...seen)).toBe(40);
    expect(Math.max(...seen)).toBe(79);
  });

  it.each([
    [1, 'notice.village.arrive_one'],
    [2, 'notice.village.arrive_few'],
    [4, 'notice.village.arrive_few'],
    [5, 'notice.village.arrive_some'],
    [9, 'notice.village.arrive_some'],
    [10, 'notice.village.arrive_many'],
    [29, 'notice.village.arrive_many'],
    [30, 'notice.village.arrive_crowd'],
  ])('say so by how many came: %i → %s', (count, key) => {
    // The smallest free space whose smallest draw brings exactly `count`: 2·count (or 1 for 1).
    const space = count === 1 ? 1 : 2 * count;
    const ctx = ctxAt(village({ buildings: { hut: 20 }, population: 80 - space }, {}, rngWhoseNext((u) => u < 1 / space)), T0);
    villagersArrive(ctx);
    expect(ctx.state.outside.population).toBe(80 - space + count);
    expect(ctx.events).toContainEqual({ type: 'notice', key, params: { count } });
  });
});

describe('gatherers (03 §5)', () => {
  it.each([
    [10, {}, 10],
    [10, { hunter: 3 }, 7],
    [10, { hunter: 3, trapper: 2, tanner: 5 }, 0],
    [0, {}, 0],
  ])('are the population (%i) less every assigned worker %j: %i', (population, workers, gatherers) => {
    expect(villageView(village({ population, workers, buildings: { hut: 5 } })).gatherers).toBe(gatherers);
  });

  it('each bring in 1 wood per cycle, which the village view shows', () => {
    const view = villageView(village({ population: 10, workers: { hunter: 3 }, buildings: { hut: 5 } }));
    expect(view.gathererPerCycle).toEqual({ wood: 7 });
  });
});

describe('assigning workers (03 §5)', () => {
  const lodge = (population: number, workers: Record<string, number>) =>
    village({ population, workers: { hunter: 0, trapper: 0, ...workers }, buildings: { hut: 5, lodge: 1 } });
  const assign = (job: string, delta: 1 | -1 | 10 | -10): Command => ({ type: 'assign', job, delta });

  it.each([
    [15, 0, 1, 1],
    [15, 0, 10, 10],
    [15, 10, 10, 15],
    [3, 0, 10, 3],
    [15, 14, 1, 15],
    [15, 15, -10, 5],
    [15, 5, -10, 0],
    [15, 3, -1, 2],
  ] as const)('with %i villagers and %i hunters, %i hunters makes %i', (population, hunters, delta, after) => {
    const { state } = mustApply(lodge(population, { hunter: hunters }), assign('hunter', delta), T0);
    expect(state.outside.workers.hunter).toBe(after);
    expect(villageView(state).gatherers).toBe(population - after);
  });

  it.each([1, 10] as const)('refuses +%i with no one free, changing nothing', (delta) => {
    const full = lodge(6, { hunter: 4, trapper: 2 });
    const snapshot = structuredClone(full);
    expect(apply(full, assign('hunter', delta), T0)).toEqual({
      ok: false,
      error: { code: 'village/no_one_free', key: 'error.village.no_one_free' },
    });
    expect(full).toEqual(snapshot);
  });

  it.each([-1, -10] as const)('refuses %i with no one in the job', (delta) => {
    expect(apply(lodge(6, { trapper: 2 }), assign('hunter', delta), T0)).toEqual({
      ok: false,
      error: { code: 'village/no_workers', key: 'error.village.no_workers' },
    });
  });

  it('refuses a job whose building is not up, and a job that does not exist', () => {
    const noLodge = village({ population: 5, buildings: { hut: 2 } });
    expect(apply(noLodge, assign('hunter', 1), T0)).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
    expect(apply(lodge(5, {}), assign('wizard', 1), T0)).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
  });

  it('shows the same answers in the village view', () => {
    const view = villageView(lodge(6, { hunter: 6 }));
    const hunter = view.jobs.find((j) => j.job === 'hunter')!;
    expect(hunter.add.one).toMatchObject({ code: 'village/no_one_free' });
    expect(hunter.remove.ten).toBeNull();
    const trapper = view.jobs.find((j) => j.job === 'trapper')!;
    expect(trapper.remove.one).toMatchObject({ code: 'village/no_workers' });
  });
});

// Per worker per 10 s, what each job uses (03 §5): the tick is all or nothing per job type.
const CONSUMERS: ReadonlyArray<[job: string, uses: Record<string, number>, makes: Record<string, number>]> = [
  ['trapper', { meat: 1 }, { bait: 1 }],
  ['tanner', { fur: 5 }, { leather: 1 }],
  ['charcutier', { meat: 5, wood: 5 }, { 'cured meat': 1 }],
  ['iron miner', { 'cured meat': 1 }, { iron: 1 }],
  ['coal miner', { 'cured meat': 1 }, { coal: 1 }],
  ['sulphur miner', { 'cured meat': 1 }, { sulphur: 1 }],
  ['steelworker', { iron: 1, coal: 1 }, { steel: 1 }],
  ['armourer', { steel: 1, sulphur: 1 }, { bullets: 1 }],
];

describe('the income tick of every job (01 §3, 03 §5)', () => {
  const WORKERS = 3;
  /** A bare village whose only income is `job`'s, due at 10 s, with `stores`. */
  const working = (job: string, stores: Record<string, number>): GameState => ({
    ...openingGame(),
    stores: { ...stores },
    income: { [job]: 10_000 },
    outside: { buildings: {}, population: WORKERS, workers: { [job]: WORKERS } },
  });
  const times = (amounts: Record<string, number>, n: number) =>
    Object.fromEntries(Object.entries(amounts).map(([r, a]) => [r, a * n]));

  describe.each(CONSUMERS)('%s', (job, uses, makes) => {
    it('with just enough for every worker, uses it all and makes its goods', () => {
      const { stores } = advance(working(job, times(uses, WORKERS)), 10_000).state;
      expect(stores).toEqual({ ...times(uses, 0), ...times(makes, WORKERS) });
    });

    it.each(Object.keys(uses))('one %s short for the last worker: nobody works, nothing is used or made', (short) => {
      const stores = { ...times(uses, WORKERS), [short]: uses[short] * WORKERS - 1 };
      const after = advance(working(job, stores), 10_000).state;
      expect(after.stores).toEqual(stores);
      expect(after.income[job]).toBe(20_000);
    });
  });

  it('hunters need nothing: half a fur and half a meat each, every cycle', () => {
    const state = working('hunter', {});
    expect(advance(state, 30_000).state.stores).toEqual({ fur: 4.5, meat: 4.5 });
  });

  it('tanners without enough fur produce nothing and consume nothing, cycle after cycle', () => {
    const state = working('tanner', { fur: 14 });
    expect(advance(state, 60_000).state.stores).toEqual({ fur: 14 });
  });

  it('hunters listed first feed the tanners on the same tick', () => {
    const state: GameState = {
      ...openingGame(),
      stores: { fur: 0 },
      income: { hunter: 10_000, tanner: 10_000 },
      outside: { buildings: {}, population: 11, workers: { hunter: 10, tanner: 1 } },
    };
    expect(advance(state, 10_000).state.stores).toEqual({ fur: 0, meat: 5, leather: 1 });
  });
});

describe('killing villagers (03 §6)', () => {
  it('takes the idle first', () => {
    const state = village({ population: 10, workers: { hunter: 3, tanner: 2 } });
    expect(killVillagers(state, 5)).toBe(5);
    expect(state.outside).toMatchObject({ population: 5, workers: { hunter: 3, tanner: 2 } });
  });

  it('then empties jobs in the job list order (hunter, trapper, tanner …), not the order they opened', () => {
    const state = village({ population: 10, workers: { tanner: 4, hunter: 3, trapper: 2 } });
    expect(killVillagers(state, 8)).toBe(8);
    // 2 left and 9 assigned: 7 too many; hunters lose 3, trappers 2, tanners 2.
    expect(state.outside.population).toBe(2);
    expect(state.outside.workers).toEqual({ tanner: 2, hunter: 0, trapper: 0 });
  });

  it('never kills more than live, leaving every job empty', () => {
    const state = village({ population: 6, workers: { hunter: 2, charcutier: 3 } });
    expect(killVillagers(state, 50)).toBe(6);
    expect(state.outside).toMatchObject({ population: 0, workers: { hunter: 0, charcutier: 0 } });
  });
});

describe('destroying huts (03 §6)', () => {
  /** The spec's procedure, step by step, on its own copy of the rng: [huts, population, killed]. */
  function byTheSpec(huts: number, population: number, count: number, allowEmpty: boolean, rng: RngState) {
    let killed = 0;
    for (let i = 0; i < count; i++) {
      const full = Math.floor(population / 4);
      const candidates = allowEmpty ? huts : Math.ceil(population / 4);
      if (candidates === 0) break;
      const target = Math.floor(nextFloat(rng) * candidates) + 1;
      const inside = target <= full ? 4 : target === full + 1 ? population % 4 : 0;
      huts -= 1;
      const dead = Math.min(inside, population);
      population -= dead;
      killed += dead;
    }
    return [huts, population, killed];
  }

  it.each([
    ['a lived-in hut', 10, 1, false],
    ['a hut, maybe empty', 10, 1, true],
    ['three lived-in huts', 23, 3, false],
    ['five huts, maybe empty', 23, 5, true],
    ['more huts than are lived in', 6, 4, false],
  ] as const)('%s of 8 with %i villagers: as the spec over 300 seeds', (_, population, count, allowEmpty) => {
    for (let seed = 1; seed <= 300; seed++) {
      const state = village({ buildings: { hut: 8 }, population }, {}, createRng(seed));
      const killed = destroyHuts(state, count, allowEmpty);
      const expected = byTheSpec(8, population, count, allowEmpty, createRng(seed));
      expect([state.outside.buildings.hut, state.outside.population, killed]).toEqual(expected);
    }
  });

  it('burns a full hut (4 dead), the partly filled one (P mod 4), or with allowEmpty an empty one (0)', () => {
    // 10 villagers in 5 huts: huts 1–2 hold 4, hut 3 holds 2, huts 4–5 are empty.
    const burn = (allowEmpty: boolean, roll: (u: number) => boolean) => {
      const state = village({ buildings: { hut: 5 }, population: 10 }, {}, rngWhoseNext(roll));
      return [destroyHuts(state, 1, allowEmpty), state.outside.buildings.hut];
    };
    expect(burn(false, (u) => u < 2 / 3)).toEqual([4, 4]);
    expect(burn(false, (u) => u >= 2 / 3)).toEqual([2, 4]);
    expect(burn(true, (u) => u >= 0.6)).toEqual([0, 4]);
  });

  it('does nothing to an empty village unless empty huts may burn', () => {
    const state = village({ buildings: { hut: 3 }, population: 0 });
    expect(destroyHuts(state, 2)).toBe(0);
    expect(state.outside.buildings.hut).toBe(3);
    expect(destroyHuts(state, 2, true)).toBe(0);
    expect(state.outside.buildings.hut).toBe(1);
  });

  it('takes the dead off the jobs as killing does', () => {
    const state = village({ buildings: { hut: 1 }, population: 4, workers: { hunter: 4 } });
    expect(destroyHuts(state, 1)).toBe(4);
    expect(state.outside).toMatchObject({ population: 0, workers: { hunter: 0 }, buildings: { hut: 0 } });
  });
});

describe('village size milestones', () => {
  it('are reached as the population passes 10, 20, 40 and 80, each once', async () => {
    const { villagersArrive } = await import('./village.ts');
    const { newGame } = await import('../core/state.ts');
    const state = newGame(5);
    state.outside.buildings.hut = 20;
    const ctx = { state, now: 1000, events: [] as import('../core/context.ts').GameEvent[] };
    for (let i = 0; i < 40 && state.outside.population < 80; i++) villagersArrive(ctx);
    const reached = ctx.events.filter((e) => e.type === 'milestone').map((e) => (e as { id: string }).id);
    expect(reached.filter((id) => id.startsWith('village_'))).toEqual(['village_10', 'village_20', 'village_40', 'village_80']);
    expect(state.milestones.village_80).toBe(1000);
  });
});

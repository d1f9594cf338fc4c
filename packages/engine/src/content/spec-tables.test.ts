/**
 * The content against the spec's tables: every number below is copied from the spec (02 §8.3–8.5,
 * 03 §3–5), never computed from the content, and each row is checked both as data and through the
 * rules that use it (`apply`, `advance`, the selectors).
 */
import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { apply } from '../apply.ts';
import { grantBuilding } from '../build/build.ts';
import { createRng, nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { buildActions, buyActions, craftActions, villageView } from '../selectors.ts';
import { ctxAt, helpingBuilder, mustApply, openingGame } from '../testing/play.ts';
import { BUILDINGS, HUT_CAPACITY, type BuildingId } from './buildings.ts';
import { CRAFTS, craftById } from './crafts.ts';
import { goodById, GOODS } from './goods.ts';
import { storeGroup } from './items.ts';
import { JOBS, jobById } from './jobs.ts';
import { TRAP_DROPS, trapDrop } from './trap-drops.ts';

type Stores = Record<string, number>;
const T0 = 150_000;

/** The helping builder's warm room with `stores` and `buildings` laid down directly. */
function village(stores: Stores, buildings: Record<string, number> = {}): GameState {
  const state = helpingBuilder();
  return { ...state, stores: { ...stores }, outside: { ...state.outside, buildings: { ...buildings } } };
}

const withTemperature = (state: GameState, temperature: GameState['room']['temperature']): GameState => ({
  ...state,
  room: { ...state.room, temperature },
});

/** Every resource of `cost` one short, one at a time. */
const oneShort = (cost: Stores): Array<[string, Stores]> =>
  Object.keys(cost).map((resource) => [resource, { ...cost, [resource]: cost[resource] - 1 }]);

// ---------------------------------------------------------------------------------------------
// 02 §8.3 — buildings: max and cost for n already built

const BUILDING_TABLE: ReadonlyArray<[id: BuildingId, max: number, cost: (n: number) => Stores]> = [
  ['trap', 10, (n) => ({ wood: 10 + 10 * n })],
  ['cart', 1, () => ({ wood: 30 })],
  ['hut', 20, (n) => ({ wood: 100 + 50 * n })],
  ['lodge', 1, () => ({ wood: 200, fur: 10, meat: 5 })],
  ['trading post', 1, () => ({ wood: 400, fur: 100 })],
  ['tannery', 1, () => ({ wood: 500, fur: 50 })],
  ['smokehouse', 1, () => ({ wood: 600, meat: 50 })],
  ['workshop', 1, () => ({ wood: 800, leather: 100, scales: 10 })],
  ['steelworks', 1, () => ({ wood: 1_500, iron: 100, coal: 100 })],
  ['armoury', 1, () => ({ wood: 3_000, steel: 100, sulphur: 50 })],
];

describe('buildings (02 §8.3)', () => {
  it('are exactly the table, plus the three granted mines', () => {
    expect(Object.keys(BUILDINGS).sort()).toEqual(
      [...BUILDING_TABLE.map(([id]) => id), 'iron mine', 'coal mine', 'sulphur mine'].sort(),
    );
  });

  it('price traps 10, 20 … 100 wood (550 in all) and huts 100, 150 … 1 050 (11 500 in all)', () => {
    const traps = Array.from({ length: 10 }, (_, n) => BUILDINGS.trap.cost(n).wood);
    const huts = Array.from({ length: 20 }, (_, n) => BUILDINGS.hut.cost(n).wood);
    expect(traps).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(traps.reduce((a, b) => a + b)).toBe(550);
    expect(huts[0]).toBe(100);
    expect(huts[19]).toBe(1_050);
    expect(huts.reduce((a, b) => a + b)).toBe(11_500);
  });

  describe.each(BUILDING_TABLE)('%s', (id, max, cost) => {
    it(`has max ${max} and the table's cost for every one up to it`, () => {
      expect(BUILDINGS[id].max).toBe(max);
      for (let n = 0; n < max; n++) expect(BUILDINGS[id].cost(n)).toEqual(cost(n));
    });

    it('is built, every one up to the max, for exactly its cost, then refused as maxed', () => {
      let state = village({});
      for (let n = 0; n < max; n++) {
        state = { ...state, stores: cost(n) };
        const { state: after, events } = mustApply(state, { type: 'build', building: id }, T0);
        expect(after.outside.buildings[id]).toBe(n + 1);
        for (const resource of Object.keys(cost(n))) expect(after.stores[resource]).toBe(0);
        expect(events).toContainEqual({ type: 'notice', key: 'notice.build.done', params: { building: id } });
        state = after;
      }
      const rich = { ...state, stores: cost(max - 1) };
      expect(apply(rich, { type: 'build', building: id }, T0)).toMatchObject({ ok: false, error: { code: 'build/maxed' } });
    });

    it.each(oneShort(cost(0)))('is refused one %s short, naming it', (resource, stores) => {
      const state = village(stores);
      expect(apply({ ...state, seen: { ...state.seen, buildings: [id] } }, { type: 'build', building: id }, T0)).toEqual({
        ok: false,
        error: { code: 'cost/not_enough', key: 'error.cost.not_enough', params: { resource } },
      });
    });

    it('needs a room above cold: refused when cold, built when mild', () => {
      const state = village(cost(0));
      expect(apply(withTemperature(state, 1), { type: 'build', building: id }, T0)).toMatchObject({
        ok: false,
        error: { code: 'build/too_cold' },
      });
      expect(apply(withTemperature(state, 2), { type: 'build', building: id }, T0).ok).toBe(true);
    });

    // 02 §8.2: builder helping; shown at half the wood cost with every cost resource above zero.
    it('shows at half its wood cost with some of every other resource, once the builder helps', () => {
      const first = cost(0);
      const half = Math.ceil(first.wood / 2);
      const some = Object.fromEntries(Object.keys(first).map((r) => [r, 1]));
      const shows = (stores: Stores, state = village(stores)) => buildActions(state).some((b) => b.building === id);
      expect(shows({ ...some, wood: half })).toBe(true);
      expect(shows({ ...some, wood: half - 1 })).toBe(false);
      for (const resource of Object.keys(first).filter((r) => r !== 'wood')) {
        expect(shows({ ...some, wood: first.wood, [resource]: 0 })).toBe(false);
      }
      const sleeping = { ...village({}), room: { fire: 4 as const, temperature: 4 as const, builder: 3 as const } };
      expect(shows({}, { ...sleeping, stores: { ...first } })).toBe(false);
    });
  });

  it.each(['iron mine', 'coal mine', 'sulphur mine'] as const)('%s is granted, never built', (id) => {
    expect(BUILDINGS[id]).toMatchObject({ max: 1, granted: true });
    expect(apply(village({ wood: 10_000 }), { type: 'build', building: id }, T0)).toMatchObject({
      ok: false,
      error: { code: 'action/unavailable' },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 02 §8.4 — craftables: type, max (upgrades 1, the rest none), cost

const CRAFT_TABLE: ReadonlyArray<[id: string, type: 'tool' | 'upgrade' | 'weapon', max: number | undefined, cost: Stores]> = [
  ['torch', 'tool', undefined, { wood: 1, cloth: 1 }],
  ['waterskin', 'upgrade', 1, { leather: 50 }],
  ['cask', 'upgrade', 1, { leather: 100, iron: 20 }],
  ['water tank', 'upgrade', 1, { iron: 100, steel: 50 }],
  ['rucksack', 'upgrade', 1, { leather: 200 }],
  ['wagon', 'upgrade', 1, { wood: 500, iron: 100 }],
  ['convoy', 'upgrade', 1, { wood: 1_000, iron: 200, steel: 100 }],
  ['l armour', 'upgrade', 1, { leather: 200, scales: 20 }],
  ['i armour', 'upgrade', 1, { leather: 200, iron: 100 }],
  ['s armour', 'upgrade', 1, { leather: 200, steel: 100 }],
  ['bone spear', 'weapon', undefined, { wood: 100, teeth: 5 }],
  ['iron sword', 'weapon', undefined, { wood: 200, leather: 50, iron: 20 }],
  ['steel sword', 'weapon', undefined, { wood: 500, leather: 100, steel: 20 }],
  ['rifle', 'weapon', undefined, { wood: 200, steel: 50, sulphur: 50 }],
];

const WORKSHOP = { workshop: 1 };
const craft = (item: string) => ({ type: 'craft', item }) as const;
const doubled = (cost: Stores) => Object.fromEntries(Object.entries(cost).map(([r, n]) => [r, 2 * n]));

describe('craftables (02 §8.4)', () => {
  it('are exactly the table, in its order', () => {
    expect(CRAFTS.map((c) => c.id)).toEqual(CRAFT_TABLE.map(([id]) => id));
  });

  describe.each(CRAFT_TABLE)('%s', (id, type, max, cost) => {
    it(`is a ${type}${max ? ' of at most ' + max : ' without a maximum'} costing the table's price`, () => {
      const def = craftById(id)!;
      expect(def.type).toBe(type);
      expect(def.max).toBe(max);
      expect(def.cost).toEqual(cost);
    });

    it('is made for exactly its cost in a mild room with a workshop and a helping builder', () => {
      const state = withTemperature(village(cost, WORKSHOP), 2);
      const { state: after, events } = mustApply(state, craft(id), T0);
      expect(after.stores[id]).toBe(1);
      for (const resource of Object.keys(cost)) expect(after.stores[resource]).toBe(0);
      expect(events).toContainEqual({ type: 'notice', key: 'notice.craft.done', params: { item: id } });
    });

    it(max === 1 ? 'is refused a second time: an upgrade is made once' : 'can be made again and again', () => {
      const once = mustApply(village(doubled(cost), WORKSHOP), craft(id), T0).state;
      const again = apply(once, craft(id), T0);
      if (max === 1) expect(again).toMatchObject({ ok: false, error: { code: 'build/maxed', key: 'error.craft.maxed' } });
      else expect(again.ok && again.state.stores[id]).toBe(2);
    });

    it('is not offered without a workshop, nor before the builder helps', () => {
      expect(apply(village(cost), craft(id), T0)).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
      const sleeping = { ...village(cost, WORKSHOP), room: { fire: 4 as const, temperature: 4 as const, builder: 3 as const } };
      expect(apply(sleeping, craft(id), T0)).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
    });

    it('is refused in a cold room ("too cold", like building)', () => {
      expect(apply(withTemperature(village(cost, WORKSHOP), 1), craft(id), T0)).toMatchObject({
        ok: false,
        error: { code: 'build/too_cold' },
      });
    });

    it.each(oneShort(cost))('is refused one %s short, naming it', (resource, stores) => {
      const state = village(stores, WORKSHOP);
      const seen = { ...state, seen: { ...state.seen, crafts: [id] } };
      expect(apply(seen, craft(id), T0)).toMatchObject({ ok: false, error: { code: 'cost/not_enough', params: { resource } } });
    });

    it('shows at half its wood cost (when it has one) with some of every resource it needs', () => {
      const some = Object.fromEntries(Object.keys(cost).map((r) => [r, 1]));
      const shows = (stores: Stores) => craftActions(village(stores, WORKSHOP)).some((c) => c.item === id);
      if (cost.wood !== undefined) {
        expect(shows({ ...some, wood: Math.ceil(cost.wood / 2) })).toBe(true);
        if (cost.wood > 1) expect(shows({ ...some, wood: Math.ceil(cost.wood / 2) - 1 })).toBe(false);
      } else {
        expect(shows(some)).toBe(true);
      }
      for (const resource of Object.keys(cost)) expect(shows({ ...cost, [resource]: 0 })).toBe(false);
    });

    it(`is listed as ${type === 'upgrade' ? 'gear, not a store' : type === 'weapon' ? 'a weapon' : 'a resource'}`, () => {
      expect(storeGroup(id)).toBe(type === 'upgrade' ? 'hidden' : type === 'weapon' ? 'weapons' : 'resources');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 02 §8.5 — trade goods: type, max (the compass 1, the rest none), price

const GOOD_TABLE: ReadonlyArray<[id: string, type: 'good' | 'weapon' | 'special', max: number | undefined, price: Stores]> = [
  ['scales', 'good', undefined, { fur: 150 }],
  ['teeth', 'good', undefined, { fur: 300 }],
  ['iron', 'good', undefined, { fur: 150, scales: 50 }],
  ['coal', 'good', undefined, { fur: 200, teeth: 50 }],
  ['steel', 'good', undefined, { fur: 300, scales: 50, teeth: 50 }],
  ['medicine', 'good', undefined, { scales: 50, teeth: 30 }],
  ['bullets', 'good', undefined, { scales: 10 }],
  ['energy cell', 'good', undefined, { scales: 10, teeth: 10 }],
  ['bolas', 'weapon', undefined, { teeth: 10 }],
  ['grenade', 'weapon', undefined, { scales: 100, teeth: 50 }],
  ['bayonet', 'weapon', undefined, { scales: 500, teeth: 250 }],
  ['alien alloy', 'good', undefined, { fur: 1_500, scales: 750, teeth: 300 }],
  ['compass', 'special', 1, { fur: 400, scales: 20, teeth: 10 }],
];

const TRADING_POST = { 'trading post': 1 };
const buy = (item: string) => ({ type: 'buy', item }) as const;

describe('trade goods (02 §8.5)', () => {
  it('are exactly the table, in its order', () => {
    expect(GOODS.map((g) => g.id)).toEqual(GOOD_TABLE.map(([id]) => id));
  });

  describe.each(GOOD_TABLE)('%s', (id, type, max, price) => {
    /** The store key exists (at 0) so the good is offered, plus the price in hand. */
    const market = (stores: Stores, buildings: Record<string, number> = TRADING_POST) => village({ [id]: 0, ...stores }, buildings);

    it(`is a ${type}${max ? ' of at most ' + max : ' without a maximum'} at the table's price`, () => {
      const def = goodById(id)!;
      expect(def.type).toBe(type);
      expect(def.max).toBe(max);
      expect(def.price).toEqual(price);
    });

    it('is bought one at a time for exactly its price, even in a freezing room', () => {
      const freezing = withTemperature(market(price), 0);
      const { state } = mustApply(freezing, buy(id), T0);
      expect(state.stores[id]).toBe(1);
      for (const resource of Object.keys(price)) expect(state.stores[resource]).toBe(0);
    });

    it('is not for sale without a trading post', () => {
      expect(apply(market(price, {}), buy(id), T0)).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
      expect(buyActions(market(price, {}))).toEqual([]);
    });

    it(id === 'compass' ? 'is always offered, the store never seen' : 'is offered once its store exists, even at 0, and not before', () => {
      const offered = (stores: Stores) => buyActions(village(stores, TRADING_POST)).some((b) => b.item === id);
      expect(offered({ [id]: 0 })).toBe(true);
      expect(offered({})).toBe(id === 'compass');
    });

    it.each(oneShort(price))('is refused one %s short, naming it', (resource, stores) => {
      expect(apply(market(stores), buy(id), T0)).toMatchObject({ ok: false, error: { code: 'cost/not_enough', params: { resource } } });
    });

    it(max === 1 ? 'is refused a second time' : 'can be bought again', () => {
      const once = mustApply(market(doubled(price)), buy(id), T0).state;
      const again = apply(once, buy(id), T0);
      if (max === 1) expect(again).toMatchObject({ ok: false, error: { code: 'build/maxed' } });
      else expect(again.ok && again.state.stores[id]).toBe(2);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// 03 §5 — jobs: the building that opens each, and per-worker income per 10 s cycle

const JOB_TABLE: ReadonlyArray<[job: string, building: BuildingId, perWorker: Stores]> = [
  ['hunter', 'lodge', { fur: 0.5, meat: 0.5 }],
  ['trapper', 'lodge', { meat: -1, bait: 1 }],
  ['tanner', 'tannery', { fur: -5, leather: 1 }],
  ['charcutier', 'smokehouse', { meat: -5, wood: -5, 'cured meat': 1 }],
  ['iron miner', 'iron mine', { 'cured meat': -1, iron: 1 }],
  ['coal miner', 'coal mine', { 'cured meat': -1, coal: 1 }],
  ['sulphur miner', 'sulphur mine', { 'cured meat': -1, sulphur: 1 }],
  ['steelworker', 'steelworks', { iron: -1, coal: -1, steel: 1 }],
  ['armourer', 'armoury', { steel: -1, sulphur: -1, bullets: 1 }],
];

describe('jobs (03 §5)', () => {
  it('are exactly the table, in its order', () => {
    expect(JOBS.map((j) => j.id)).toEqual(JOB_TABLE.map(([job]) => job));
  });

  describe.each(JOB_TABLE)('%s', (job, building, perWorker) => {
    it(`opens with the first ${building}, at no workers, its income already running`, () => {
      const before = village({});
      expect(job in before.outside.workers).toBe(false);
      let after: GameState;
      if (BUILDINGS[building].granted) {
        const ctx = ctxAt(structuredClone(before), T0);
        grantBuilding(ctx, building);
        after = ctx.state;
      } else {
        after = mustApply({ ...before, stores: BUILDINGS[building].cost(0) }, { type: 'build', building }, T0).state;
      }
      expect(after.outside.workers[job]).toBe(0);
      expect(after.income[job]).toBe(T0 + 1_000);
      expect(villageView(after).jobs.map((j) => j.job)).toContain(job);
    });

    it('makes and uses its per-worker amounts times the workers, once per 10 s', () => {
      expect(jobById(job)!.perWorker).toEqual(perWorker);
      const workers = 3;
      const plenty = Object.fromEntries(Object.keys(perWorker).map((r) => [r, 1_000]));
      const state: GameState = {
        ...openingGame(),
        stores: plenty,
        income: { [job]: 10_000 },
        outside: { buildings: {}, population: workers, workers: { [job]: workers } },
      };
      const once = advance(state, 10_000).state;
      const twice = advance(state, 20_000).state;
      for (const [resource, amount] of Object.entries(perWorker)) {
        expect(once.stores[resource]).toBe(1_000 + workers * amount);
        expect(twice.stores[resource]).toBe(1_000 + 2 * workers * amount);
      }
      expect(advance(state, 19_999).state.stores).toEqual(once.stores);
    });
  });

  it('gatherers: every villager without a job brings 1 wood per 10 s', () => {
    const state: GameState = {
      ...openingGame(),
      stores: { wood: 0 },
      income: { gatherer: 10_000 },
      outside: { buildings: { lodge: 1 }, population: 7, workers: { hunter: 2, trapper: 0 } },
    };
    expect(advance(state, 10_000).state.stores.wood).toBe(5);
  });
});

// ---------------------------------------------------------------------------------------------
// 03 §3 — trap drops: cumulative thresholds, and the chance of each

const DROP_TABLE: ReadonlyArray<[resource: string, below: number, percent: number]> = [
  ['fur', 0.5, 50],
  ['meat', 0.75, 25],
  ['scales', 0.85, 10],
  ['teeth', 0.93, 8],
  ['cloth', 0.995, 6.5],
  ['charm', 1, 0.5],
];

describe('trap drops (03 §3)', () => {
  it('are the table of cumulative thresholds', () => {
    expect(TRAP_DROPS).toEqual(DROP_TABLE.map(([resource, below]) => ({ resource, below })));
  });

  it.each(DROP_TABLE)('%s: rolls from the previous threshold up to (not including) %f', (resource, below, percent) => {
    const from = below - percent / 100;
    expect(trapDrop(from + 1e-9)).toBe(resource);
    expect(trapDrop(below - 1e-9)).toBe(resource);
    if (below < 1) expect(trapDrop(below)).not.toBe(resource);
  });

  it('come in the table chances over 200 000 seeded rolls', () => {
    const rng = createRng(99);
    const counts: Record<string, number> = {};
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const r = trapDrop(nextFloat(rng));
      counts[r] = (counts[r] ?? 0) + 1;
    }
    for (const [resource, , percent] of DROP_TABLE) expect((100 * counts[resource]) / n).toBeCloseTo(percent, 0);
  });
});

// ---------------------------------------------------------------------------------------------
// 03 §4 — huts: 4 villagers each, at most 20 huts, so at most 80 villagers

describe('huts (03 §4)', () => {
  it('house 4 each', () => {
    expect(HUT_CAPACITY).toBe(4);
    for (const huts of [0, 1, 7, 20]) expect(villageView(village({}, { hut: huts })).capacity).toBe(4 * huts);
  });

  it('stop at 20, so the village never holds more than 80', () => {
    const full = village({ wood: 1_050 }, { hut: 20 });
    expect(apply({ ...full, seen: { ...full.seen, buildings: ['hut'] } }, { type: 'build', building: 'hut' }, T0)).toMatchObject({
      ok: false,
      error: { code: 'build/maxed' },
    });
    const arriving: GameState = { ...full, timers: { ...full.timers, population: T0 + 1 } };
    let state = arriving;
    for (let t = T0; t <= T0 + 3 * 3_600_000; t += 600_000) {
      state = advance(state, t).state;
      expect(state.outside.population).toBeLessThanOrEqual(80);
    }
    expect(state.outside.population).toBe(80);
  });
});

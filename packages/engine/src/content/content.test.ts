import { describe, expect, it } from 'vitest';
import { ENGINE_ERROR_CODES } from '../core/errors.ts';
import { MAX_STORE, newGame, STATE_VERSION } from '../core/state.ts';
import { helpingBuilder } from '../testing/play.ts';
import { ACTIONS, COOLDOWNS, GATHER_YIELD, GATHER_YIELD_WITH_CART, LIGHT_COST, STOKE_COST } from './actions.ts';
import { BUILDINGS, BUILDING_IDS, isBuildingId } from './buildings.ts';
import { INCOME_SOURCES } from './income.ts';
import { MILESTONE_IDS } from './milestones.ts';
import {
  BUILDER_LEVELS,
  FIRE_LEVELS,
  MIN_BUILD_TEMPERATURE,
  TEMPERATURE_LEVELS,
  TIMINGS,
  WARM,
} from './timings.ts';
import { TRAP_DROPS } from './trap-drops.ts';

const isWhole = (n: number) => Number.isInteger(n) && n > 0;

describe('buildings', () => {
  it.each(BUILDING_IDS)('%s: its id, a whole maximum, and whole positive costs up to it', (id) => {
    const def = BUILDINGS[id];
    expect(def.id).toBe(id);
    expect(isWhole(def.max)).toBe(true);
    for (let built = 0; built < def.max; built++) {
      const cost = def.cost(built);
      // A mine is granted by clearing its landmark (02 §8.3), never paid for.
      if (def.granted) {
        expect(cost).toEqual({});
        continue;
      }
      expect(Object.keys(cost).length).toBeGreaterThan(0);
      for (const amount of Object.values(cost)) expect(isWhole(amount)).toBe(true);
    }
  });

  it('lists the buildings in the order of 02 §8.3, the three granted mines last', () => {
    expect(BUILDING_IDS).toEqual([
      'trap',
      'cart',
      'hut',
      'lodge',
      'trading post',
      'tannery',
      'smokehouse',
      'workshop',
      'steelworks',
      'armoury',
      'iron mine',
      'coal mine',
      'sulphur mine',
    ]);
    expect(BUILDING_IDS.filter((id) => BUILDINGS[id].granted)).toEqual(['iron mine', 'coal mine', 'sulphur mine']);
  });

  it('prices traps at 10 + 10 per trap standing, up to 10 traps', () => {
    expect(BUILDINGS.trap.max).toBe(10);
    const costs = Array.from({ length: 10 }, (_, n) => BUILDINGS.trap.cost(n));
    expect(costs.map((c) => c.wood)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(costs.reduce((sum, c) => sum + c.wood, 0)).toBe(550);
  });

  it('prices the one cart at 30 wood', () => {
    expect(BUILDINGS.cart).toEqual({ id: 'cart', max: 1, cost: expect.any(Function) });
    expect(BUILDINGS.cart.cost(0)).toEqual({ wood: 30 });
  });

  it('knows its own ids and nothing inherited', () => {
    expect(isBuildingId('trap')).toBe(true);
    expect(isBuildingId('castle')).toBe(false);
    expect(isBuildingId('toString')).toBe(false);
  });
});

describe('trap drops', () => {
  it('rise strictly to exactly 1, one row per resource', () => {
    const thresholds = TRAP_DROPS.map((d) => d.below);
    expect(thresholds.every((t, i) => t > (thresholds[i - 1] ?? 0))).toBe(true);
    expect(thresholds.at(-1)).toBe(1);
    expect(new Set(TRAP_DROPS.map((d) => d.resource)).size).toBe(TRAP_DROPS.length);
  });

  it('give the table of 03 §3', () => {
    expect(TRAP_DROPS).toEqual([
      { resource: 'fur', below: 0.5 },
      { resource: 'meat', below: 0.75 },
      { resource: 'scales', below: 0.85 },
      { resource: 'teeth', below: 0.93 },
      { resource: 'cloth', below: 0.995 },
      { resource: 'charm', below: 1 },
    ]);
  });
});

describe('actions', () => {
  it('each use a cooldown group that exists, and every group is used', () => {
    const used = Object.values(ACTIONS).map((a) => a.cooldown);
    for (const group of used) expect(Object.keys(COOLDOWNS)).toContain(group);
    expect(new Set(used)).toEqual(new Set(Object.keys(COOLDOWNS)));
  });

  it('share one 10 s cooldown between light and stoke', () => {
    expect(ACTIONS.light_fire.cooldown).toBe(ACTIONS.stoke_fire.cooldown);
    expect(COOLDOWNS).toEqual({ fire: 10_000, gather: 60_000, traps: 90_000 });
  });

  it('cost and yield the numbers of 02 §3 and 03 §2', () => {
    expect([LIGHT_COST, STOKE_COST, GATHER_YIELD, GATHER_YIELD_WITH_CART]).toEqual([5, 1, 10, 50]);
  });
});

describe('income sources', () => {
  it.each(Object.keys(INCOME_SOURCES))('%s gives finite amounts in every state', (source) => {
    for (const state of [newGame(1), helpingBuilder()]) {
      for (const amount of Object.values(INCOME_SOURCES[source](state))) expect(Number.isFinite(amount)).toBe(true);
    }
  });

  it('pay the builder 2 wood and each idle villager 1 wood', () => {
    const state = helpingBuilder();
    expect(INCOME_SOURCES.builder(state)).toEqual({ wood: 2 });
    const village = { ...state, outside: { ...state.outside, population: 7, workers: { hunter: 2 } } };
    expect(INCOME_SOURCES.gatherer(village)).toEqual({ wood: 5 });
  });
});

describe('timings and levels', () => {
  it('give the durations of 02 §2 and 01 §3', () => {
    expect(TIMINGS).toEqual({
      fireCool: 300_000,
      temperatureStep: 30_000,
      builderCheck: 30_000,
      forestAfterStranger: 15_000,
      incomeTick: 1_000,
      incomeCycle: 10_000,
    });
    expect(TIMINGS.incomeCycle % TIMINGS.incomeTick).toBe(0);
  });

  it('name five levels of fire, temperature and builder', () => {
    expect(FIRE_LEVELS).toEqual(['dead', 'smouldering', 'flickering', 'burning', 'roaring']);
    expect(TEMPERATURE_LEVELS).toEqual(['freezing', 'cold', 'mild', 'warm', 'hot']);
    expect(BUILDER_LEVELS).toEqual(['approaching', 'collapsed', 'shivering', 'sleeping', 'helping']);
  });

  it('need a warm room to recover and a mild one to build', () => {
    expect(TEMPERATURE_LEVELS[WARM]).toBe('warm');
    expect(TEMPERATURE_LEVELS[MIN_BUILD_TEMPERATURE]).toBe('mild');
  });
});

describe('milestones', () => {
  it('are unique snake_case ids', () => {
    expect(new Set(MILESTONE_IDS).size).toBe(MILESTONE_IDS.length);
    for (const id of MILESTONE_IDS) expect(id).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
  });
});

describe('error codes', () => {
  it('are unique and shaped area/reason', () => {
    expect(new Set(ENGINE_ERROR_CODES).size).toBe(ENGINE_ERROR_CODES.length);
    for (const code of ENGINE_ERROR_CODES) expect(code).toMatch(/^[a-z]+\/[a-z_]+$/);
  });
});

describe('a new game', () => {
  it('starts dark, freezing and alone, with no wood store at all, in the room, the first event 3 to 5 min away', () => {
    const { timers, rng, ...rest } = newGame(7);
    expect(rest).toEqual({
      version: STATE_VERSION,
      clock: 0,
      config: { hyperMode: false, lightsOff: false },
      features: { outside: false, path: false, fabricator: false, ship: false },
      location: 'room',
      stores: {},
      room: { fire: 0, temperature: 0, builder: -1 },
      outside: { buildings: {}, population: 0, workers: {} },
      income: {},
      cooldowns: {},
      seen: { buildings: [], crafts: [] },
      character: { perks: {}, punches: 0, starved: 0, dehydrated: 0, blueprints: {} },
      world: null,
      outfit: {},
      expedition: null,
      fight: null,
      ship: null,
      flight: null,
      prestige: { stores: null, score: 0 },
      ending: null,
      thieves: { state: 0, stolen: {} },
      event: null,
      payouts: [],
      flags: {},
      milestones: {},
    });
    const { event, ...clockTimers } = timers;
    expect(clockTimers).toEqual({ fireCool: null, temperature: 30_000, builder: null, forest: null, population: null });
    expect([180_000, 240_000, 300_000]).toContain(event);
    // The event delay is the one draw a new game makes from its RNG (mulberry32: one step of 0x6d2b79f5).
    expect(rng).toEqual({ seed: 7, state: (7 + 0x6d2b79f5) | 0 });
  });

  it('caps stores at the original MAX_STORE', () => {
    expect(MAX_STORE).toBe(99_999_999_999_999);
  });
});

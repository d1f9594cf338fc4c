import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { apply } from '../apply.ts';
import { createRng, nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { OUTSIDE_EVENTS } from '../content/events/outside.ts';
import { noticeKeys } from '../testing/play.ts';
import { opened, pick, quiet, rngWhere, withRng } from '../testing/events.ts';
import { destroyHuts, killVillagers } from '../outside/village.ts';
import { availableEvents } from './engine.ts';

const ids = (state: GameState) => availableEvents(state).map((e) => e.id);

/** The village with `population` villagers in `huts` huts, `traps` traps, and `stores`. */
function village(
  { population = 0, huts = 0, traps = 0 }: { population?: number; huts?: number; traps?: number },
  stores: Record<string, number> = {},
): GameState {
  const state = quiet(stores, 'outside');
  state.outside.population = population;
  if (huts) state.outside.buildings.hut = huts;
  if (traps) state.outside.buildings.trap = traps;
  return state;
}

function openWith(state: GameState, id: string, rng = state.rng): GameState {
  return withRng(opened(state, id).state, rng);
}

function refused(state: GameState, button: string) {
  const before = structuredClone(state);
  const result = apply(state, { type: 'event_choose', button }, state.clock);
  expect(state).toEqual(before);
  return result.ok ? null : result.error;
}

/** Every value `sample(seed)` takes over seeds 1 … n, sorted. */
function valuesOver(n: number, sample: (seed: number) => number): number[] {
  const seen = new Set<number>();
  for (let seed = 1; seed <= n; seed++) seen.add(sample(seed));
  return [...seen].sort((a, b) => a - b);
}

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

const NOT_ENOUGH = (resource: string) => ({ code: 'cost/not_enough', key: 'error.cost.not_enough', params: { resource } });

const READY: Record<string, () => GameState> = {
  ruined_trap: () => village({ traps: 1 }),
  hut_fire: () => village({ population: 51, huts: 13 }),
  sickness: () => village({ population: 11, huts: 3 }, { medicine: 1 }),
  plague: () => village({ population: 51, huts: 13 }, { medicine: 1 }),
  beast_attack: () => village({ population: 1, huts: 1 }),
  military_raid: () => {
    const state = village({ population: 1, huts: 1 });
    state.flags.cityCleared = true;
    return state;
  },
};

describe('outside events', () => {
  it('are O1 … O6 in order, all of the outside pool', () => {
    expect(OUTSIDE_EVENTS.map((e) => e.id)).toEqual(Object.keys(READY));
    expect(OUTSIDE_EVENTS.every((e) => e.pool === 'outside')).toBe(true);
  });

  it('lead only to scenes they have', () => {
    for (const event of OUTSIDE_EVENTS) {
      for (const scene of Object.values(event.scenes)) {
        for (const button of Object.values(scene.buttons)) {
          const next = button.next;
          const targets = next === undefined || next === 'end' ? [] : typeof next === 'string' ? [next] : next.map(([, s]) => s);
          for (const target of targets) expect(event.scenes, `${event.id} → ${target}`).toHaveProperty(target);
        }
      }
    }
  });

  it.each(Object.keys(READY))('%s: only while the player is in the village', (id) => {
    const state = READY[id]();
    expect(ids(state)).toContain(id);
    state.location = 'room';
    expect(ids(state)).not.toContain(id);
  });

  it('the random roll opens one in the village, none from the room', () => {
    const outside = village({ population: 5, huts: 2 });
    outside.timers.event = 1000;
    expect(advance(outside, 1000).state.event?.id).toBe('beast_attack');
    const room = { ...structuredClone(outside), location: 'room' as const };
    expect(advance(room, 1000).state.event).toBeNull();
  });
});

describe('O1 a ruined trap', () => {
  it('needs a trap', () => {
    expect(ids(village({ traps: 0 }))).not.toContain('ruined_trap');
    expect(ids(village({ traps: 1 }))).toContain('ruined_trap');
  });

  it('destroys 1 … all traps as soon as it opens, and says how many', () => {
    const base = village({ traps: 6 });
    base.rng = createRng(42);
    const rng = { ...base.rng };
    const lost = Math.floor(nextFloat(rng) * 6) + 1;
    const { state } = opened(base, 'ruined_trap');
    expect(state.outside.buildings.trap).toBe(6 - lost);
    expect(state.event).toEqual({ id: 'ruined_trap', scene: 'start', params: { count: lost } });
    expect(state.stores).toEqual({});
  });

  it('can take every trap, or just one', () => {
    const lost = valuesOver(500, (seed) => {
      const base = village({ traps: 6 });
      base.rng = createRng(seed);
      return opened(base, 'ruined_trap').state.event!.params!.count;
    });
    expect(lost).toEqual(range(1, 6));
  });

  it('catch (50 %): a carcass of 100 fur, 100 meat, 10 teeth', () => {
    const state = openWith(village({ traps: 3 }, { fur: 1 }), 'ruined_trap', rngWhere((next) => next() >= 0.5));
    const traps = state.outside.buildings.trap;
    const after = pick(state, 'track').state;
    expect(after.event).toEqual({ id: 'ruined_trap', scene: 'catch' });
    expect(after.stores).toEqual({ fur: 101, meat: 100, teeth: 10 });
    expect(after.outside.buildings.trap).toBe(traps);
    expect(pick(after, 'go_home').state.event).toBeNull();
  });

  it('nothing (50 %): the tracks go cold', () => {
    const state = openWith(village({ traps: 3 }), 'ruined_trap', rngWhere((next) => next() < 0.5));
    const after = pick(state, 'track').state;
    expect(after.event).toEqual({ id: 'ruined_trap', scene: 'nothing' });
    expect(after.stores).toEqual({});
    expect(pick(after, 'go_home').state.event).toBeNull();
  });

  it('tracks down the beast half the time', () => {
    const state = opened(village({ traps: 3 }), 'ruined_trap').state;
    let caught = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      if (pick(withRng(state, createRng(seed)), 'track').state.event?.scene === 'catch') caught++;
    }
    expect(caught / 2000).toBeCloseTo(0.5, 1);
  });

  it('ignoring keeps the traps lost', () => {
    const state = opened(village({ traps: 3 }), 'ruined_trap').state;
    const after = pick(state, 'ignore').state;
    expect(after.event).toBeNull();
    expect(after.outside.buildings.trap).toBe(state.outside.buildings.trap);
    expect(after.outside.buildings.trap).toBeLessThan(3);
  });
});

describe('O2 fire', () => {
  it('needs a hut and more than 50 villagers', () => {
    expect(ids(village({ population: 50, huts: 13 }))).not.toContain('hut_fire');
    expect(ids(village({ population: 51, huts: 13 }))).toContain('hut_fire');
    expect(ids(village({ population: 51, huts: 0 }))).not.toContain('hut_fire');
  });

  it('burns one hut with whoever lived in it, as destroyHuts does', () => {
    const base = village({ population: 54, huts: 15 });
    base.rng = createRng(9);
    const expected = structuredClone(base);
    const killed = destroyHuts(expected, 1);
    const { state } = opened(base, 'hut_fire');
    expect(state.outside.buildings.hut).toBe(14);
    expect(state.outside.population).toBe(54 - killed);
    expect(state.outside).toEqual(expected.outside);
    expect(state.event).toEqual({ id: 'hut_fire', scene: 'start', params: { count: killed } });
  });

  it('kills 4 in a full hut, or the 2 of the partly filled one', () => {
    const deaths = valuesOver(300, (seed) => {
      const base = village({ population: 54, huts: 15 });
      base.rng = createRng(seed);
      return opened(base, 'hut_fire').state.event!.params!.count;
    });
    expect(deaths).toEqual([2, 4]);
  });

  it('mourn ends it, with a word in the log', () => {
    const state = opened(READY.hut_fire(), 'hut_fire').state;
    const { state: after, events } = pick(state, 'mourn');
    expect(after.event).toBeNull();
    expect(noticeKeys(events)).toEqual(['event.hut_fire.mourned']);
  });
});

describe('O3 sickness', () => {
  it('needs 11 … 49 villagers and a medicine', () => {
    expect(ids(village({ population: 10 }, { medicine: 1 }))).not.toContain('sickness');
    expect(ids(village({ population: 11 }, { medicine: 1 }))).toContain('sickness');
    expect(ids(village({ population: 49 }, { medicine: 1 }))).toContain('sickness');
    expect(ids(village({ population: 50 }, { medicine: 1 }))).not.toContain('sickness');
    expect(ids(village({ population: 20 }, { medicine: 0 }))).not.toContain('sickness');
  });

  it('one medicine heals everyone', () => {
    const state = opened(village({ population: 30 }, { medicine: 3 }), 'sickness').state;
    const after = pick(state, 'give_medicine').state;
    expect(after.event).toEqual({ id: 'sickness', scene: 'healed' });
    expect(after.stores).toEqual({ medicine: 2 });
    expect(after.outside.population).toBe(30);
    expect(pick(after, 'go_home').state.event).toBeNull();
  });

  it('ignored, it kills 1 … half the village', () => {
    const deaths = valuesOver(1000, (seed) => {
      const state = withRng(opened(village({ population: 21 }, { medicine: 1 }), 'sickness').state, createRng(seed));
      const after = pick(state, 'ignore').state;
      expect(after.event?.scene).toBe('death');
      expect(after.outside.population).toBe(21 - after.event!.params!.count);
      return after.event!.params!.count;
    });
    expect(deaths).toEqual(range(1, 10));
  });

  it('the dead leave their jobs, first job first, once the idle are gone', () => {
    const base = village({ population: 20 }, { medicine: 1 });
    base.outside.workers = { hunter: 6, trapper: 6, tanner: 6 };
    const state = openWith(base, 'sickness', rngWhere((next) => Math.floor(next() * 10) + 1 === 7));
    const after = pick(state, 'ignore').state;
    expect(after.event?.params).toEqual({ count: 7 });
    expect(after.outside.population).toBe(13);
    expect(after.outside.workers).toEqual({ hunter: 1, trapper: 6, tanner: 6 });
    const expected = structuredClone(base);
    killVillagers(expected, 7);
    expect(after.outside).toEqual(expected.outside);
  });
});

describe('O4 plague', () => {
  it('needs more than 50 villagers and a medicine', () => {
    expect(ids(village({ population: 50 }, { medicine: 1 }))).not.toContain('plague');
    expect(ids(village({ population: 51 }, { medicine: 1 }))).toContain('plague');
    expect(ids(village({ population: 80 }, { medicine: 0 }))).not.toContain('plague');
  });

  it('sells medicine for 70 scales and 50 teeth, again and again', () => {
    let state = opened(village({ population: 60 }, { medicine: 1, scales: 150, teeth: 100 }), 'plague').state;
    state = pick(state, 'buy_medicine').state;
    state = pick(state, 'buy_medicine').state;
    expect(state.stores).toEqual({ medicine: 3, scales: 10, teeth: 0 });
    expect(state.event).toEqual({ id: 'plague', scene: 'start' });
    expect(refused(state, 'buy_medicine')).toEqual(NOT_ENOUGH('scales'));
  });

  it('five medicine contain it: 2 … 6 still die', () => {
    const deaths = valuesOver(300, (seed) => {
      const state = withRng(opened(village({ population: 60 }, { medicine: 7 }), 'plague').state, createRng(seed));
      const after = pick(state, 'give_medicine').state;
      expect(after.event?.scene).toBe('healed');
      expect(after.stores).toEqual({ medicine: 2 });
      expect(after.outside.population).toBe(60 - after.event!.params!.count);
      return after.event!.params!.count;
    });
    expect(deaths).toEqual(range(2, 6));
  });

  it('refuses the cure without five medicine', () => {
    const state = opened(village({ population: 60 }, { medicine: 4 }), 'plague').state;
    expect(refused(state, 'give_medicine')).toEqual(NOT_ENOUGH('medicine'));
  });

  it('left alone, it kills 10 … 89, never more than live', () => {
    const deaths = valuesOver(3000, (seed) => {
      const state = withRng(opened(village({ population: 100 }, { medicine: 1 }), 'plague').state, createRng(seed));
      const after = pick(state, 'do_nothing').state;
      expect(after.event?.scene).toBe('death');
      expect(after.stores).toEqual({ medicine: 1 });
      return after.event!.params!.count;
    });
    expect(deaths).toEqual(range(10, 89));

    const state = openWith(village({ population: 60 }, { medicine: 1 }), 'plague', rngWhere((next) => next() > 0.9));
    const after = pick(state, 'do_nothing').state;
    expect(after.outside.population).toBe(0);
    expect(after.event?.params).toEqual({ count: 60 });
    expect(pick(after, 'go_home').state.event).toBeNull();
  });
});

describe('O5 a beast attack', () => {
  it('needs a villager', () => {
    expect(ids(village({ population: 0, huts: 1 }))).not.toContain('beast_attack');
    expect(ids(village({ population: 1, huts: 1 }))).toContain('beast_attack');
  });

  it('kills 1 … 10 and leaves 100 fur, 100 meat, 10 teeth', () => {
    const deaths = valuesOver(500, (seed) => {
      const base = village({ population: 30, huts: 8 }, { fur: 5 });
      base.rng = createRng(seed);
      const { state } = opened(base, 'beast_attack');
      expect(state.stores).toEqual({ fur: 105, meat: 100, teeth: 10 });
      expect(state.outside.population).toBe(30 - state.event!.params!.count);
      return state.event!.params!.count;
    });
    expect(deaths).toEqual(range(1, 10));
  });

  it('go home ends it, with a word in the log', () => {
    const state = opened(READY.beast_attack(), 'beast_attack').state;
    expect(state.outside.population).toBe(0);
    const { state: after, events } = pick(state, 'go_home');
    expect(after.event).toBeNull();
    expect(noticeKeys(events)).toEqual(['event.beast_attack.aftermath']);
  });
});

describe('O6 a military raid', () => {
  it('needs a villager and a city cleared', () => {
    expect(ids(village({ population: 10, huts: 3 }))).not.toContain('military_raid');
    const cleared = village({ population: 0, huts: 3 });
    cleared.flags.cityCleared = true;
    expect(ids(cleared)).not.toContain('military_raid');
    cleared.outside.population = 1;
    expect(ids(cleared)).toContain('military_raid');
  });

  it('kills 1 … 40 and leaves 10 bullets and 50 cured meat', () => {
    const deaths = valuesOver(2000, (seed) => {
      const base = village({ population: 80, huts: 20 });
      base.flags.cityCleared = true;
      base.rng = createRng(seed);
      const { state } = opened(base, 'military_raid');
      expect(state.stores).toEqual({ bullets: 10, 'cured meat': 50 });
      expect(state.outside.population).toBe(80 - state.event!.params!.count);
      return state.event!.params!.count;
    });
    expect(deaths).toEqual(range(1, 40));
  });

  it('go home ends it, with a word in the log', () => {
    const state = opened(READY.military_raid(), 'military_raid').state;
    const { state: after, events } = pick(state, 'go_home');
    expect(after.event).toBeNull();
    expect(noticeKeys(events)).toEqual(['event.military_raid.aftermath']);
  });
});

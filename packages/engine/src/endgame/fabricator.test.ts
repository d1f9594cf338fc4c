import { describe, expect, it } from 'vitest';
import { apply } from '../apply.ts';
import type { Command } from '../core/commands.ts';
import type { GameState } from '../core/state.ts';
import { FABRICATIONS } from '../content/fabricator.ts';
import { effectiveCost } from '../events/engine.ts';
import { bagCapacity, maxHealth, maxWater, PACKABLE } from '../path/capacity.ts';
import { supportShown } from '../combat/support.ts';
import { weaponById } from '../content/weapons.ts';
import { storeGroup } from '../content/items.ts';
import { quiet } from '../testing/events.ts';
import { ATTACK, act, borrowScene, encounter, outThere } from '../testing/fight.ts';
import { rngWhere } from '../testing/events.ts';
import { mustApply } from '../testing/play.ts';
import { fabricatorRows, ownedBlueprints } from './selectors.ts';

/* The fabricator (spec core/08 §1): recipes as data, blueprints, the maximum enforced, alloy only. */

const FAB = (item: string): Command => ({ type: 'fabricate', item });
const ALL_BLUEPRINTS = { hypo: true, 'kinetic armour': true, disruptor: true, 'plasma rifle': true, stim: true, glowstone: true } as const;

function atFabricator(alloy: number, blueprints: Record<string, true> = {}): GameState {
  const state = quiet({ 'alien alloy': alloy }, 'fabricator');
  state.features = { outside: true, path: true, fabricator: true, ship: false };
  state.character.blueprints = { ...blueprints };
  return state;
}

function refusal(state: GameState, command: Command) {
  const result = apply(state, command, state.clock);
  return result.ok ? null : result.error;
}

describe('the recipes', () => {
  it('are the spec table: type, maximum, cost in alien alloy, yield, blueprint', () => {
    expect(FABRICATIONS.map((f) => [f.id, f.type, f.max ?? '—', f.cost['alien alloy'], f.yield, f.blueprint])).toEqual([
      ['energy blade', 'weapon', '—', 1, 1, false],
      ['fluid recycler', 'upgrade', 1, 2, 1, false],
      ['cargo drone', 'upgrade', 1, 2, 1, false],
      ['kinetic armour', 'upgrade', 1, 2, 1, true],
      ['disruptor', 'weapon', '—', 1, 1, true],
      ['hypo', 'tool', '—', 1, 5, true],
      ['stim', 'tool', '—', 1, 1, true],
      ['plasma rifle', 'weapon', '—', 1, 1, true],
      ['glowstone', 'tool', '—', 1, 1, true],
    ]);
    for (const f of FABRICATIONS) expect(Object.keys(f.cost)).toEqual(['alien alloy']);
  });
});

describe('fabricating', () => {
  it('is unavailable until the fabricator is unlocked', () => {
    const state = atFabricator(5);
    state.features.fabricator = false;
    expect(refusal(state, FAB('energy blade'))).toMatchObject({ code: 'action/unavailable' });
    expect(fabricatorRows(state)).toEqual([]);
  });

  it('lists only the three open recipes until blueprints come home', () => {
    expect(fabricatorRows(atFabricator(5)).map((r) => r.item)).toEqual(['energy blade', 'fluid recycler', 'cargo drone']);
    const some = atFabricator(5, { hypo: true, glowstone: true });
    expect(fabricatorRows(some).map((r) => r.item)).toEqual(['energy blade', 'fluid recycler', 'cargo drone', 'hypo', 'glowstone']);
    expect(ownedBlueprints(some)).toEqual(['hypo', 'glowstone']);
    expect(fabricatorRows(atFabricator(5, ALL_BLUEPRINTS))).toHaveLength(9);
  });

  it('refuses a blueprint item without its blueprint, and unknown items', () => {
    const state = atFabricator(5);
    for (const item of ['plasma rifle', 'kinetic armour', 'hypo', 'disruptor', 'stim', 'glowstone', 'laser rifle', 'toString']) {
      expect(refusal(state, FAB(item)), item).toMatchObject({ code: 'action/unavailable' });
    }
  });

  it('spends alien alloy and adds the yield: one blade, five hypos', () => {
    const blade = mustApply(atFabricator(3, ALL_BLUEPRINTS), FAB('energy blade'), 0);
    expect(blade.state.stores).toMatchObject({ 'alien alloy': 2, 'energy blade': 1 });
    expect(blade.events).toContainEqual({ type: 'notice', key: 'notice.fabricator.done', params: { item: 'energy blade' } });
    const hypo = mustApply(blade.state, FAB('hypo'), 0).state;
    expect(hypo.stores).toMatchObject({ 'alien alloy': 1, hypo: 5 });
    expect(mustApply(hypo, FAB('hypo'), 0).state.stores).toMatchObject({ 'alien alloy': 0, hypo: 10 });
  });

  it('refuses without enough alloy, changing nothing', () => {
    const state = atFabricator(1, ALL_BLUEPRINTS);
    expect(refusal(state, FAB('cargo drone'))).toMatchObject({ code: 'cost/not_enough', key: 'error.cost.not_enough', params: { resource: 'alien alloy' } });
    expect(refusal(atFabricator(0), FAB('energy blade'))).toMatchObject({ code: 'cost/not_enough' });
  });

  it('enforces the maximum: a second recycler, drone or armour is refused however much alloy there is', () => {
    let state = atFabricator(100, ALL_BLUEPRINTS);
    for (const item of ['fluid recycler', 'cargo drone', 'kinetic armour']) {
      state = mustApply(state, FAB(item), 0).state;
      expect(state.stores[item]).toBe(1);
      expect(refusal(state, FAB(item)), item).toMatchObject({ code: 'build/maxed', key: 'error.craft.maxed', params: { item } });
    }
    expect(state.stores['alien alloy']).toBe(94);
    const rows = fabricatorRows(state);
    expect(rows.find((r) => r.item === 'cargo drone')).toMatchObject({ owned: 1, max: 1, blocked: { code: 'build/maxed' } });
    expect(rows.find((r) => r.item === 'energy blade')).toMatchObject({ owned: 0, max: null, blocked: null, cost: { 'alien alloy': 1 } });
  });

  it('is refused out in the world', () => {
    const state = atFabricator(5);
    state.location = 'world';
    expect(refusal(state, FAB('energy blade'))).toMatchObject({ code: 'world/away' });
  });

  it('the fabricator tab is a place of its own, opened only once unlocked', () => {
    const state = atFabricator(5);
    state.location = 'room';
    const step = mustApply(state, { type: 'travel', to: 'fabricator' }, 0);
    expect(step.state.location).toBe('fabricator');
    expect(step.events).toContainEqual({ type: 'notice', key: 'notice.fabricator.first_visit' });
    expect(mustApply(step.state, { type: 'travel', to: 'room' }, 0).state.location).toBe('room');
    state.features.fabricator = false;
    expect(refusal(state, { type: 'travel', to: 'fabricator' })).toMatchObject({ code: 'action/unavailable' });
  });
});

describe("what the fabricator's items do", () => {
  it('the weapons: energy blade 10 melee, disruptor stuns with no ammo, plasma rifle 12 on energy cells', () => {
    expect(weaponById('energy blade')).toMatchObject({ class: 'melee', damage: 10, cooldown: 2000 });
    expect(weaponById('disruptor')).toMatchObject({ class: 'ranged', damage: 'stun', cooldown: 15_000 });
    expect(weaponById('disruptor')!.ammo).toBeUndefined();
    expect(weaponById('plasma rifle')).toMatchObject({ class: 'ranged', damage: 12, cooldown: 1000, ammo: { item: 'energy cell', per: 1 } });
    for (const item of ['energy blade', 'disruptor', 'plasma rifle']) expect(storeGroup(item)).toBe('weapons');
  });

  it('the energy blade hits for 10 and the plasma rifle for 12, spending a cell; the disruptor stuns', () => {
    const restore = borrowScene('snarling_beast', 'start', {
      combat: { id: 'test_foe', glyph: 'X', health: 100, damage: 1, hit: 0.8, attackDelay: 100, ranged: false },
      loot: {},
      buttons: {},
    });
    try {
      const rng = rngWhere((next) => next() <= 0.8 && next() <= 0.8);
      let state = outThere({ bag: { 'energy blade': 1, 'plasma rifle': 1, 'energy cell': 2, disruptor: 1 } });
      state = encounter({ ...state, rng }, 'snarling_beast').state;
      const t = state.clock;
      state = act(state, ATTACK('energy blade'), t).state;
      expect(state.fight!.hp).toBe(90);
      state = act(state, ATTACK('plasma rifle'), t).state;
      expect(state.fight!.hp).toBe(78);
      expect(state.expedition!.bag['energy cell']).toBe(1);
      state = act(state, ATTACK('disruptor'), t).state;
      expect(state.fight!.enemyStatus.stunned).toBe(t + 4000);
      expect(state.expedition!.bag.disruptor).toBe(1);
    } finally {
      restore();
    }
  });

  it('upgrades: the fluid recycler holds 110 water, the cargo drone carries 110, kinetic armour gives 85 health and the shield', () => {
    const state = quiet({ 'fluid recycler': 1, 'cargo drone': 1, 'kinetic armour': 1, 'water tank': 1, convoy: 1, 's armour': 1 });
    expect([maxWater(state), bagCapacity(state), maxHealth(state)]).toEqual([110, 110, 85]);
    for (const item of ['fluid recycler', 'cargo drone', 'kinetic armour']) expect(storeGroup(item)).toBe('hidden');
    const fight = outThere({ stores: { 'kinetic armour': 1 }, bag: { hypo: 1, stim: 1 } });
    fight.fight = { enemy: 'snarling_beast', hp: 5, won: false, timers: {}, enemyStatus: {}, playerStatus: {}, pool: 0 };
    expect(supportShown(fight)).toEqual(['eat', 'hypo', 'boost', 'shield']);
  });

  it('tools: hypo, stim and glowstone can be packed; a glowstone in the bag waives torches out there, not at home', () => {
    for (const item of ['hypo', 'stim', 'glowstone', 'energy blade', 'disruptor', 'plasma rifle']) expect(PACKABLE).toContain(item);
    const lit = outThere({ bag: { glowstone: 1 } });
    expect(effectiveCost(lit, { torch: 1, 'cured meat': 2 })).toEqual({ 'cured meat': 2 });
    expect(effectiveCost(outThere({ bag: {} }), { torch: 1 })).toEqual({ torch: 1 });
    expect(effectiveCost(quiet({ glowstone: 1 }), { torch: 1 })).toEqual({ torch: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { apply, check } from '../apply.ts';
import type { GameState } from '../core/state.ts';
import { milestoneIds, mustApply, noticeKeys } from '../testing/play.ts';
import { atPath, flatMap, setOut } from '../testing/world.ts';
import { VILLAGE } from '../world/selectors.ts';
import {
  armourTier,
  bagCapacity,
  bagView,
  clampedOutfit,
  itemWeight,
  loadWeight,
  maxHealth,
  maxWater,
  outfitRows,
} from './capacity.ts';

const pack = (state: GameState, item: string, delta: 1 | -1 | 10 | -10) => mustApply(state, { type: 'outfit', item, delta }, state.clock).state;
const refusal = (state: GameState, command: Parameters<typeof check>[1]) => check(state, command)?.code ?? null;

describe('bag, water and health', () => {
  it.each([
    [{}, 10],
    [{ rucksack: 1 }, 20],
    [{ rucksack: 1, wagon: 1 }, 40],
    [{ wagon: 1, convoy: 1 }, 70],
    [{ rucksack: 1, convoy: 1, 'cargo drone': 1 }, 110],
  ])('the best carrier owned decides the bag: %j holds %i', (stores, capacity) => {
    expect(bagCapacity(atPath(stores))).toBe(capacity);
  });

  it.each([
    [{}, 10],
    [{ waterskin: 1 }, 20],
    [{ waterskin: 1, cask: 1 }, 30],
    [{ 'water tank': 1, cask: 1 }, 60],
    [{ 'fluid recycler': 1, waterskin: 1 }, 110],
  ])('the best container decides the water: %j carries %i', (stores, water) => {
    expect(maxWater(atPath(stores))).toBe(water);
  });

  it.each([
    [{}, 10, 'none'],
    [{ 'l armour': 1 }, 15, 'leather'],
    [{ 'l armour': 1, 'i armour': 1 }, 25, 'iron'],
    [{ 's armour': 1, 'i armour': 1 }, 45, 'steel'],
    [{ 'kinetic armour': 1, 's armour': 1 }, 85, 'kinetic'],
  ])('the best armour decides health: %j gives %i (%s)', (stores, hp, tier) => {
    expect(maxHealth(atPath(stores))).toBe(hp);
    expect(armourTier(atPath(stores))).toBe(tier);
  });

  it('weighs items by the table, everything else 1', () => {
    expect(['bone spear', 'iron sword', 'steel sword', 'rifle', 'laser rifle', 'plasma rifle'].map(itemWeight)).toEqual([2, 3, 5, 5, 5, 5]);
    expect(['bolas', 'energy cell', 'bullets'].map(itemWeight)).toEqual([0.5, 0.2, 0.1]);
    expect(['cured meat', 'torch', 'medicine', 'fur', 'hypo blueprint'].map(itemWeight)).toEqual([1, 1, 1, 1, 1]);
  });

  it('sums a load exactly, even in tenths', () => {
    expect(loadWeight({ bullets: 3 })).toBe(0.3);
    expect(loadWeight({ bullets: 7, 'energy cell': 1, bolas: 1, 'iron sword': 2, 'cured meat': 4 })).toBe(11.4);
    expect(loadWeight({})).toBe(0);
  });
});

describe('the outfit', () => {
  it('lists only the tools and weapons owned, in the path list order', () => {
    const state = atPath({ 'cured meat': 5, torch: 2, wood: 100, fur: 3, 'iron sword': 1, bullets: 0, medicine: 1, compass: 1 });
    expect(outfitRows(state).map((r) => r.item)).toEqual(['cured meat', 'medicine', 'torch', 'iron sword']);
    expect(outfitRows(state)[3]).toEqual({ item: 'iron sword', weight: 3, owned: 1, packed: 0, canAdd: true });
  });

  it('packs one or ten, no more than the stock', () => {
    let state = atPath({ 'cured meat': 12 });
    state = pack(state, 'cured meat', 1);
    expect(state.outfit).toEqual({ 'cured meat': 1 });
    state = pack(atPath({ 'cured meat': 12, rucksack: 1 }), 'cured meat', 10);
    state = pack(state, 'cured meat', 10);
    expect(state.outfit).toEqual({ 'cured meat': 12 });
    expect(refusal(state, { type: 'outfit', item: 'cured meat', delta: 1 })).toBe('cost/not_enough');
  });

  it('packs no more than the free space: ten fit in pockets, and a three-weight sword takes three', () => {
    let state = atPath({ 'cured meat': 30, 'iron sword': 2 });
    state = pack(state, 'iron sword', 1);
    state = pack(state, 'cured meat', 10);
    expect(state.outfit).toEqual({ 'iron sword': 1, 'cured meat': 7 });
    expect(refusal(state, { type: 'outfit', item: 'cured meat', delta: 1 })).toBe('bag/full');
    expect(check(state, { type: 'outfit', item: 'iron sword', delta: 1 })).toEqual({ code: 'bag/full', key: 'error.bag.full' });
    expect(bagView(state)).toEqual({ capacity: 10, used: 10, free: 0, rucksack: false });
  });

  it('fills fractional space with light things: 0.1 each for bullets', () => {
    let state = atPath({ 'cured meat': 10, bullets: 100 });
    state = pack(state, 'cured meat', 10);
    expect(refusal(state, { type: 'outfit', item: 'bullets', delta: 1 })).toBe('bag/full');
    state = pack(state, 'cured meat', -1);
    for (let i = 0; i < 3; i++) state = pack(state, 'bullets', 1);
    expect(state.outfit).toEqual({ 'cured meat': 9, bullets: 3 });
    state = pack(state, 'bullets', 10);
    expect(state.outfit.bullets).toBe(10);
    expect(bagView(state).free).toBe(0);
  });

  it('takes off one or ten, never below none', () => {
    let state = pack(pack(atPath({ 'cured meat': 12, rucksack: 1 }), 'cured meat', 10), 'cured meat', 1);
    state = pack(state, 'cured meat', -10);
    expect(state.outfit).toEqual({ 'cured meat': 1 });
    state = pack(state, 'cured meat', -10);
    expect(state.outfit).toEqual({});
    expect(refusal(state, { type: 'outfit', item: 'cured meat', delta: -1 })).toBe('action/unavailable');
  });

  it('refuses what is not a tool or weapon, what is not owned, odd steps, and packing on the road', () => {
    const state = atPath({ 'cured meat': 5, fur: 5 });
    expect(refusal(state, { type: 'outfit', item: 'fur', delta: 1 })).toBe('action/unavailable');
    expect(refusal(state, { type: 'outfit', item: 'torch', delta: 1 })).toBe('action/unavailable');
    expect(refusal(state, { type: 'outfit', item: 'cured meat', delta: 2 as 1 })).toBe('command/unknown');
    const closed = { ...atPath({ 'cured meat': 5 }), features: { outside: true, path: false, fabricator: false, ship: false } };
    expect(refusal(closed, { type: 'outfit', item: 'cured meat', delta: 1 })).toBe('action/unavailable');
    const out = setOut(atPath({ 'cured meat': 5 }), { 'cured meat': 1 });
    expect(refusal(out, { type: 'outfit', item: 'cured meat', delta: 1 })).toBe('world/away');
  });

  it('clamps a remembered loadout to the stock, in the view and in the state it keeps', () => {
    const state = atPath({ 'cured meat': 3, torch: 1 });
    state.outfit = { 'cured meat': 8, torch: 1, fur: 4 };
    expect(clampedOutfit(state)).toEqual({ 'cured meat': 3, torch: 1 });
    expect(outfitRows(state).map((r) => [r.item, r.packed])).toEqual([
      ['cured meat', 3],
      ['torch', 1],
    ]);
    const after = pack(state, 'torch', -1);
    expect(after.outfit).toEqual({ 'cured meat': 3 });
  });
});

describe('embarking', () => {
  it('needs a cured meat packed', () => {
    const state = atPath({ 'cured meat': 5, torch: 2 });
    state.outfit = { torch: 1 };
    expect(check(state, { type: 'embark' })).toEqual({ code: 'cost/not_enough', key: 'error.cost.not_enough', params: { resource: 'cured meat' } });
    // A remembered ration that is no longer in the stores does not count.
    const eaten = atPath({ torch: 2 });
    eaten.outfit = { 'cured meat': 3 };
    expect(refusal(eaten, { type: 'embark' })).toBe('cost/not_enough');
  });

  it('moves the loadout from the stores into the bag and sets out from the village, full of water and health', () => {
    const start = atPath({ 'cured meat': 10, torch: 3, bullets: 50, waterskin: 1, 'l armour': 1 });
    const { state, events } = mustApply({ ...start, outfit: { 'cured meat': 5, torch: 1, bullets: 20 } }, { type: 'embark' }, 0);
    expect(state.stores).toMatchObject({ 'cured meat': 5, torch: 2, bullets: 30, waterskin: 1 });
    expect(state.location).toBe('world');
    expect(state.expedition).toMatchObject({
      x: VILLAGE.x,
      y: VILLAGE.y,
      hp: 15,
      water: 20,
      bag: { 'cured meat': 5, torch: 1, bullets: 20 },
      foodSteps: 0,
      waterSteps: 0,
      starving: false,
      thirsty: false,
      usedOutposts: [],
      fightSteps: 0,
      flags: {},
      danger: 0,
    });
    expect(state.outfit).toEqual({ 'cured meat': 5, torch: 1, bullets: 20 });
    expect(noticeKeys(events)).toEqual(['notice.world.embark']);
    expect(milestoneIds(events)).toEqual(['first_embark']);
  });

  it('takes only what is in stock: a loadout larger than the stores is clamped first (no duplication)', () => {
    const start = atPath({ 'cured meat': 2 });
    const state = setOut(start, { 'cured meat': 9 });
    expect(state.expedition!.bag).toEqual({ 'cured meat': 2 });
    expect(state.stores['cured meat']).toBe(0);
  });

  it('walks a deep copy of the map: changes out there do not touch the map at home', () => {
    const state = setOut(atPath({ 'cured meat': 2 }), { 'cured meat': 1 });
    expect(state.expedition!.map.tiles).toEqual(state.world!.tiles);
    state.expedition!.map.tiles[0] = '#'.repeat(61);
    expect(state.world!.tiles[0]).not.toBe(state.expedition!.map.tiles[0]);
  });

  it('reveals around the village as far as the scout sees, on the trip map', () => {
    const home = atPath({ 'cured meat': 2 }, flatMap());
    home.character.perks.scout = true;
    const state = setOut(home, { 'cured meat': 1 });
    expect(state.expedition!.map.seen[VILLAGE.x + 4][VILLAGE.y]).toBe('1');
    expect(state.expedition!.map.seen[VILLAGE.x + 5][VILLAGE.y]).toBe('0');
    expect(state.world!.seen[VILLAGE.x + 4][VILLAGE.y]).toBe('0');
  });

  it('cools down 120 s after a death, and says how long is left', () => {
    const state = atPath({ 'cured meat': 2 });
    state.outfit = { 'cured meat': 1 };
    state.cooldowns.embark = 120_000;
    expect(check(state, { type: 'embark' }, 60_000)).toEqual({
      code: 'action/cooling_down',
      key: 'error.action.cooling_down',
      params: { seconds: 60 },
    });
    expect(apply(state, { type: 'embark' }, 119_999).ok).toBe(false);
    const later = mustApply(state, { type: 'embark' }, 120_000).state;
    expect(later.location).toBe('world');
    expect(later.cooldowns.embark).toBeUndefined();
  });

  it('cannot set out again while out, nor before the path is open', () => {
    const out = setOut(atPath({ 'cured meat': 2 }), { 'cured meat': 1 });
    expect(refusal(out, { type: 'embark' })).toBe('world/away');
    const closed = atPath({ 'cured meat': 2 });
    closed.features.path = false;
    closed.stores = { 'cured meat': 2 };
    closed.world = null;
    closed.outfit = { 'cured meat': 1 };
    expect(refusal(closed, { type: 'embark' })).toBe('action/unavailable');
  });

  it('starts the fight counter afresh on every trip (decision: reset per expedition)', () => {
    const state = setOut(atPath({ 'cured meat': 2 }), { 'cured meat': 1 });
    expect(state.expedition!.fightSteps).toBe(0);
  });
});

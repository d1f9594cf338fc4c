import { stock } from '../core/context.ts';
import type { GameState } from '../core/state.ts';
import { CRAFTS } from '../content/crafts.ts';

const owns = (state: GameState, item: string) => stock(state, item) > 0;

/** The first owned item of `table` gives the value; `fallback` when none is owned. */
function bestOwned(state: GameState, table: ReadonlyArray<readonly [string, number]>, fallback: number): number {
  return table.find(([item]) => owns(state, item))?.[1] ?? fallback;
}

/** Carriers, best first (spec 04 §2): the best owned wins, they do not add up. */
export const BAG_CAPACITY: ReadonlyArray<readonly [string, number]> = [
  ['cargo drone', 110],
  ['convoy', 70],
  ['wagon', 40],
  ['rucksack', 20],
];
export const POCKETS = 10;

/** Water containers, best first (spec 05 §4). */
export const WATER_CAPACITY: ReadonlyArray<readonly [string, number]> = [
  ['fluid recycler', 110],
  ['water tank', 60],
  ['cask', 30],
  ['waterskin', 20],
];
export const BASE_WATER = 10;

/** Armour, best first (spec 05 §4). */
export const ARMOUR_HEALTH: ReadonlyArray<readonly [string, number]> = [
  ['kinetic armour', 85],
  ['s armour', 45],
  ['i armour', 25],
  ['l armour', 15],
];
export const BASE_HEALTH = 10;

/** How much the bag holds: the best carrier owned (cargo drone, convoy, wagon, rucksack) or pockets. */
export function bagCapacity(state: GameState): number {
  return bestOwned(state, BAG_CAPACITY, POCKETS);
}

/** Whether the bag is called a rucksack on the map (only the rucksack itself counts; cosmetic). */
export function bagIsRucksack(state: GameState): boolean {
  return owns(state, 'rucksack');
}

/**
 * Weights in tenths, so sums of bullets and cells stay exact whole numbers (0.1 × 3 is not 0.3 in
 * floating point). Everything not listed weighs 1.
 */
const WEIGHT_TENTHS: Readonly<Record<string, number>> = {
  'bone spear': 20,
  'iron sword': 30,
  'steel sword': 50,
  rifle: 50,
  'laser rifle': 50,
  'plasma rifle': 50,
  bolas: 5,
  'energy cell': 2,
  bullets: 1,
};

export function weightTenths(item: string): number {
  return Object.hasOwn(WEIGHT_TENTHS, item) ? WEIGHT_TENTHS[item] : 10;
}

/** What one of an item weighs in the bag; 1 unless the spec's table says otherwise. */
export function itemWeight(item: string): number {
  return weightTenths(item) / 10;
}

/** A load's weight in tenths (exact). */
export function loadTenths(items: Readonly<Record<string, number>>): number {
  let total = 0;
  for (const [item, count] of Object.entries(items)) total += Math.round(count * weightTenths(item));
  return total;
}

/** Weight of everything in a bag or loadout. */
export function loadWeight(items: Readonly<Record<string, number>>): number {
  return loadTenths(items) / 10;
}

/** Free room in a bag of `capacity` holding `items` (may be fractional; the screen floors it). */
export function freeSpace(capacity: number, items: Readonly<Record<string, number>>): number {
  return (capacity * 10 - loadTenths(items)) / 10;
}

/** How many of `item` still fit in `free` space. */
export function fits(free: number, item: string): number {
  return Math.max(0, Math.floor(Math.round(free * 10) / weightTenths(item)));
}

/** Water carried at the start of a trip: the best container owned. */
export function maxWater(state: GameState): number {
  return bestOwned(state, WATER_CAPACITY, BASE_WATER);
}

/** Health at the start of a trip: the best armour owned. */
export function maxHealth(state: GameState): number {
  return bestOwned(state, ARMOUR_HEALTH, BASE_HEALTH);
}

export type ArmourTier = 'none' | 'leather' | 'iron' | 'steel' | 'kinetic';
const TIERS: ReadonlyArray<readonly [string, ArmourTier]> = [
  ['kinetic armour', 'kinetic'],
  ['s armour', 'steel'],
  ['i armour', 'iron'],
  ['l armour', 'leather'],
];
export function armourTier(state: GameState): ArmourTier {
  return TIERS.find(([item]) => owns(state, item))?.[1] ?? 'none';
}

/** The fabricator's carryables (spec 04 §4); it is built later, its items are listed here already. */
const FABRICATOR_CARRYABLES = ['energy blade', 'disruptor', 'hypo', 'stim', 'plasma rifle', 'glowstone'];

/** Everything that can be packed, in the order the path screen lists it. */
export const PACKABLE: readonly string[] = [
  'cured meat',
  'bullets',
  'grenade',
  'bolas',
  'laser rifle',
  'energy cell',
  'bayonet',
  'charm',
  'alien alloy',
  'medicine',
  ...CRAFTS.filter((c) => c.type === 'tool' || c.type === 'weapon').map((c) => c.id),
  ...FABRICATOR_CARRYABLES,
];

export function isPackable(item: string): boolean {
  return PACKABLE.includes(item);
}

/**
 * The loadout as it can really be packed now: each count clamped to the stock (the decision
 * table's fix of the duplication quirk), only packable items, and never more than the bag holds
 * (the last rows give way first).
 */
export function clampedOutfit(state: GameState): Record<string, number> {
  const out: Record<string, number> = {};
  let room = bagCapacity(state) * 10;
  for (const item of PACKABLE) {
    const wanted = Math.min(Math.floor(state.outfit[item] ?? 0), Math.floor(stock(state, item)));
    const count = Math.max(0, Math.min(wanted, Math.floor(room / weightTenths(item))));
    if (count > 0) {
      out[item] = count;
      room -= count * weightTenths(item);
    }
  }
  return out;
}

export interface OutfitRow {
  item: string;
  weight: number;
  /** In the stores at home. */
  owned: number;
  /** In the loadout, clamped to what is owned. */
  packed: number;
  /** Whether +1 would fit and is owned. */
  canAdd: boolean;
}

/** The path screen's list: every tool and weapon owned, with the loadout clamped to stock. */
export function outfitRows(state: GameState): OutfitRow[] {
  const loadout = clampedOutfit(state);
  const free = freeSpace(bagCapacity(state), loadout);
  return PACKABLE.filter((item) => owns(state, item)).map((item) => {
    const owned = Math.floor(stock(state, item));
    const packed = loadout[item] ?? 0;
    return { item, weight: itemWeight(item), owned, packed, canAdd: packed < owned && fits(free, item) >= 1 };
  });
}

/** The path screen's bag line: "free F/C" (F floored by the client) and what the bag is called. */
export function bagView(state: GameState): { capacity: number; used: number; free: number; rucksack: boolean } {
  const loadout = clampedOutfit(state);
  const capacity = bagCapacity(state);
  return { capacity, used: loadWeight(loadout), free: freeSpace(capacity, loadout), rucksack: bagIsRucksack(state) };
}

import type { GameState } from '../core/state.ts';

/** How much the bag holds: the best carrier owned (cargo drone, convoy, wagon, rucksack) or pockets. */
export function bagCapacity(_state: GameState): number {
  return 10;
}

/** What one of an item weighs in the bag; 1 unless the spec's table says otherwise. */
export function itemWeight(_item: string): number {
  return 1;
}

/** Weight of everything in a bag or loadout. */
export function loadWeight(_items: Readonly<Record<string, number>>): number {
  return 0;
}

/** Water carried at the start of a trip: the best container owned. */
export function maxWater(_state: GameState): number {
  return 10;
}

/** Health at the start of a trip: the best armour owned. */
export function maxHealth(_state: GameState): number {
  return 10;
}

export type ArmourTier = 'none' | 'leather' | 'iron' | 'steel' | 'kinetic';
export function armourTier(_state: GameState): ArmourTier {
  return 'none';
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
export function outfitRows(_state: GameState): OutfitRow[] {
  return [];
}

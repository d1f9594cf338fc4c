/** What the world screen shows besides the map: the player's supplies and the bag. */
import { bagCapacity, distance, loadWeight, maxHealth, maxWater, type GameState } from '@smoulder/engine';

export interface Supplies {
  hp: number;
  maxHp: number;
  water: number;
  maxWater: number;
  meat: number;
  /** What is carried, largest first (cured meat is shown on its own line too). */
  bag: Array<{ item: string; count: number }>;
  capacity: number;
  free: number;
  /** "rucksack" once one is owned, else "pockets" (the spec's cosmetic label). */
  bagName: 'rucksack' | 'pockets';
  fromHome: number;
}

export function supplies(state: GameState): Supplies | null {
  const trip = state.expedition;
  if (!trip) return null;
  const capacity = bagCapacity(state);
  const bag = Object.entries(trip.bag)
    .filter(([, n]) => n > 0)
    .map(([item, count]) => ({ item, count }))
    .sort((a, b) => b.count - a.count || a.item.localeCompare(b.item));
  return {
    hp: trip.hp,
    maxHp: maxHealth(state),
    water: trip.water,
    maxWater: maxWater(state),
    meat: trip.bag['cured meat'] ?? 0,
    bag,
    capacity,
    free: Math.max(0, Math.floor(capacity - loadWeight(trip.bag))),
    bagName: (state.stores.rucksack ?? 0) > 0 ? 'rucksack' : 'pockets',
    fromHome: distance(trip.x, trip.y),
  };
}

import { CRAFTS } from './crafts.ts';
import { GOODS } from './goods.ts';

/** How the stores panel groups a store; upgrades are owned, not counted, so they are not listed. */
export type StoreGroup = 'resources' | 'weapons' | 'special' | 'hidden';

const WEAPONS = new Set([
  ...CRAFTS.filter((c) => c.type === 'weapon').map((c) => c.id),
  ...GOODS.filter((g) => g.type === 'weapon').map((g) => g.id),
  'laser rifle',
  'energy blade',
  'disruptor',
  'plasma rifle',
]);
const UPGRADES = new Set([...CRAFTS.filter((c) => c.type === 'upgrade').map((c) => c.id), 'fluid recycler', 'cargo drone', 'kinetic armour']);
const SPECIAL = new Set(['compass', 'fleet beacon']);

export function storeGroup(id: string): StoreGroup {
  if (id.includes('blueprint') || UPGRADES.has(id)) return 'hidden';
  if (WEAPONS.has(id)) return 'weapons';
  if (SPECIAL.has(id)) return 'special';
  return 'resources';
}

/** Thieves come once any resource (not a weapon, not the compass) passes this. */
export const THIEF_THRESHOLD = 5000;
export const THEFT = { wood: 10, fur: 5, meat: 5 } as const;

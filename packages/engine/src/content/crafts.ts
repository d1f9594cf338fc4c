import type { Cost } from '../core/context.ts';

export type CraftType = 'tool' | 'upgrade' | 'weapon';

export interface CraftDef {
  id: string;
  type: CraftType;
  max?: number;
  cost: Cost;
}

/** What the workshop makes, in the order the craft list shows them. */
export const CRAFTS: readonly CraftDef[] = [
  { id: 'torch', type: 'tool', cost: { wood: 1, cloth: 1 } },
  { id: 'waterskin', type: 'upgrade', max: 1, cost: { leather: 50 } },
  { id: 'cask', type: 'upgrade', max: 1, cost: { leather: 100, iron: 20 } },
  { id: 'water tank', type: 'upgrade', max: 1, cost: { iron: 100, steel: 50 } },
  { id: 'rucksack', type: 'upgrade', max: 1, cost: { leather: 200 } },
  { id: 'wagon', type: 'upgrade', max: 1, cost: { wood: 500, iron: 100 } },
  { id: 'convoy', type: 'upgrade', max: 1, cost: { wood: 1000, iron: 200, steel: 100 } },
  { id: 'l armour', type: 'upgrade', max: 1, cost: { leather: 200, scales: 20 } },
  { id: 'i armour', type: 'upgrade', max: 1, cost: { leather: 200, iron: 100 } },
  { id: 's armour', type: 'upgrade', max: 1, cost: { leather: 200, steel: 100 } },
  { id: 'bone spear', type: 'weapon', cost: { wood: 100, teeth: 5 } },
  { id: 'iron sword', type: 'weapon', cost: { wood: 200, leather: 50, iron: 20 } },
  { id: 'steel sword', type: 'weapon', cost: { wood: 500, leather: 100, steel: 20 } },
  { id: 'rifle', type: 'weapon', cost: { wood: 200, steel: 50, sulphur: 50 } },
];

export const CRAFT_IDS = CRAFTS.map((c) => c.id);

export function craftById(id: string): CraftDef | undefined {
  return CRAFTS.find((c) => c.id === id);
}

import type { Cost } from '../core/context.ts';

export type GoodType = 'good' | 'weapon' | 'special';

export interface GoodDef {
  id: string;
  type: GoodType;
  max?: number;
  price: Cost;
  /** Offered from the start rather than once the store has been seen. */
  alwaysOffered?: true;
}

/** The trading post's wares, in the order it lists them. */
export const GOODS: readonly GoodDef[] = [
  { id: 'scales', type: 'good', price: { fur: 150 } },
  { id: 'teeth', type: 'good', price: { fur: 300 } },
  { id: 'iron', type: 'good', price: { fur: 150, scales: 50 } },
  { id: 'coal', type: 'good', price: { fur: 200, teeth: 50 } },
  { id: 'steel', type: 'good', price: { fur: 300, scales: 50, teeth: 50 } },
  { id: 'medicine', type: 'good', price: { scales: 50, teeth: 30 } },
  { id: 'bullets', type: 'good', price: { scales: 10 } },
  { id: 'energy cell', type: 'good', price: { scales: 10, teeth: 10 } },
  { id: 'bolas', type: 'weapon', price: { teeth: 10 } },
  { id: 'grenade', type: 'weapon', price: { scales: 100, teeth: 50 } },
  { id: 'bayonet', type: 'weapon', price: { scales: 500, teeth: 250 } },
  { id: 'alien alloy', type: 'good', price: { fur: 1500, scales: 750, teeth: 300 } },
  { id: 'compass', type: 'special', max: 1, price: { fur: 400, scales: 20, teeth: 10 }, alwaysOffered: true },
];

export const GOOD_IDS = GOODS.map((g) => g.id);

export function goodById(id: string): GoodDef | undefined {
  return GOODS.find((g) => g.id === id);
}

/**
 * The ending's score (spec core/08 §2): what the stores hold at the moment of victory, each of the
 * 24 tracked items weighted, plus alien alloy, a fleet beacon and the ship's hull.
 */

export type ScoreCategory = 'goods' | 'weapons' | 'ammo';

export interface ScoreItem {
  item: string;
  factor: number;
  /** Which divisor the prestige draws for it (spec core/08 §3.1). */
  category: ScoreCategory;
}

/** The tracked items in the spec's table order (the order prestige draws its divisors in). */
export const SCORE_ITEMS: readonly ScoreItem[] = [
  { item: 'wood', factor: 1, category: 'goods' },
  { item: 'fur', factor: 1.5, category: 'goods' },
  { item: 'meat', factor: 1, category: 'goods' },
  { item: 'iron', factor: 2, category: 'goods' },
  { item: 'coal', factor: 2, category: 'goods' },
  { item: 'sulphur', factor: 3, category: 'goods' },
  { item: 'steel', factor: 3, category: 'goods' },
  { item: 'cured meat', factor: 2, category: 'goods' },
  { item: 'scales', factor: 2, category: 'goods' },
  { item: 'teeth', factor: 2, category: 'goods' },
  { item: 'leather', factor: 2, category: 'goods' },
  { item: 'bait', factor: 1.5, category: 'goods' },
  { item: 'torch', factor: 1, category: 'goods' },
  { item: 'cloth', factor: 1, category: 'goods' },
  { item: 'bone spear', factor: 10, category: 'weapons' },
  { item: 'iron sword', factor: 30, category: 'weapons' },
  { item: 'steel sword', factor: 50, category: 'weapons' },
  { item: 'bayonet', factor: 100, category: 'weapons' },
  { item: 'rifle', factor: 150, category: 'weapons' },
  { item: 'laser rifle', factor: 150, category: 'weapons' },
  { item: 'bullets', factor: 3, category: 'ammo' },
  { item: 'energy cell', factor: 3, category: 'ammo' },
  { item: 'grenade', factor: 5, category: 'ammo' },
  { item: 'bolas', factor: 4, category: 'ammo' },
];

export const ALLOY_POINTS = 10;
export const BEACON_POINTS = 500;
export const HULL_POINTS = 50;

export interface ScoreLine {
  /** A store's name, or `hull` for the ship's hull points. */
  item: string;
  count: number;
  factor: number;
  points: number;
}

export interface ScoreBreakdown {
  /** Every line that scores, in the table's order, then alien alloy, the fleet beacon and the hull. */
  lines: ScoreLine[];
  total: number;
}

const whole = (stores: Readonly<Record<string, number>>, item: string) => Math.max(0, Math.floor(stores[item] ?? 0));

/** The score with its parts; lines that add nothing are left out. */
export function scoreBreakdown(stores: Readonly<Record<string, number>>, hull: number): ScoreBreakdown {
  const factors: Array<[string, number, number]> = [
    ...SCORE_ITEMS.map(({ item, factor }): [string, number, number] => [item, whole(stores, item), factor]),
    ['alien alloy', whole(stores, 'alien alloy'), ALLOY_POINTS],
    ['fleet beacon', whole(stores, 'fleet beacon'), BEACON_POINTS],
    ['hull', Math.max(0, Math.floor(hull)), HULL_POINTS],
  ];
  const lines = factors.filter(([, count]) => count > 0).map(([item, count, factor]) => ({ item, count, factor, points: count * factor }));
  return { lines, total: Math.floor(lines.reduce((sum, line) => sum + line.points, 0)) };
}

/** `floor(Σ floor(store) × factor + alloy × 10 + beacon × 500 + hull × 50)`. */
export function score(stores: Readonly<Record<string, number>>, hull: number): number {
  return scoreBreakdown(stores, hull).total;
}

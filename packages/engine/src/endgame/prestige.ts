import { nextFloat, type RngState } from '../core/rng.ts';
import { SCORE_ITEMS, type ScoreCategory } from './score.ts';

/**
 * One divisor, drawn from the game's RNG by the item's category (spec core/08 §3.1):
 * goods `floor(U×10)` (0 → 1): 1 at 20 %, 2–9 at 10 % each;
 * weapons `floor(floor(U×10)/2)` (0 → 1): 1 at 40 %, 2, 3 and 4 at 20 % each;
 * ammo `ceil(U × 10 × ceil(U'×10))` (0 → 1): 1 to 100, skewed low.
 */
export function drawDivisor(rng: RngState, category: ScoreCategory): number {
  let divisor: number;
  if (category === 'goods') divisor = Math.floor(nextFloat(rng) * 10);
  else if (category === 'weapons') divisor = Math.floor(Math.floor(nextFloat(rng) * 10) / 2);
  else {
    const u = nextFloat(rng);
    const v = nextFloat(rng);
    divisor = Math.ceil(u * 10 * Math.ceil(v * 10));
  }
  return divisor === 0 ? 1 : divisor;
}

/**
 * What the next game's cache will hold: every tracked item's store divided by its own random
 * divisor, floored, in the table's order (one draw per item, two for ammo). All 24 are listed.
 */
export function carryOver(rng: RngState, stores: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { item, category } of SCORE_ITEMS) {
    const divisor = drawDivisor(rng, category);
    out[item] = Math.floor(Math.max(0, Math.floor(stores[item] ?? 0)) / divisor);
  }
  return out;
}

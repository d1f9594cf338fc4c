import { stock, type Cost } from '../core/context.ts';
import type { GameState } from '../core/state.ts';

/**
 * The shared rule for build and craft buttons: the wood pile holds half the wood cost (when wood
 * is part of it) and every resource in the cost is in the stores at all.
 */
export function couldAffordSoon(state: GameState, cost: Cost): boolean {
  if (cost.wood !== undefined && stock(state, 'wood') < cost.wood / 2) return false;
  return Object.keys(cost).every((resource) => stock(state, resource) > 0);
}

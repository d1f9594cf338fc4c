import { stock, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { bagCapacity, clampedOutfit, fits, freeSpace, isPackable } from './capacity.ts';

const STEPS = new Set([1, -1, 10, -10]);

/** Packing for the path: ±1/±10 of a tool or weapon, within the bag's free space and the stock. */
export function checkOutfit(state: GameState, item: string, delta: number): EngineError | null {
  if (!STEPS.has(delta)) return engineError('command/unknown', 'error.command.unknown');
  if (state.location === 'world') return engineError('world/away', 'error.world.away');
  if (!state.features.path || !isPackable(item) || stock(state, item) <= 0) {
    return engineError('action/unavailable', 'error.action.unavailable');
  }
  const loadout = clampedOutfit(state);
  const packed = loadout[item] ?? 0;
  if (delta < 0) return packed > 0 ? null : engineError('action/unavailable', 'error.action.unavailable');
  if (packed >= Math.floor(stock(state, item))) return engineError('cost/not_enough', 'error.cost.not_enough', { resource: item });
  if (fits(freeSpace(bagCapacity(state), loadout), item) < 1) return engineError('bag/full', 'error.bag.full');
  return null;
}

/**
 * Adds as many as the step, the free space and the stock allow, or takes off up to the step. The
 * stored loadout is clamped to the stock first, so what is shown is what is kept.
 */
export function outfit(ctx: Ctx, item: string, delta: number): void {
  const { state } = ctx;
  const loadout = clampedOutfit(state);
  const packed = loadout[item] ?? 0;
  let next: number;
  if (delta > 0) {
    const free = freeSpace(bagCapacity(state), loadout);
    next = packed + Math.min(delta, fits(free, item), Math.floor(stock(state, item)) - packed);
  } else {
    next = Math.max(0, packed + delta);
  }
  if (next > 0) loadout[item] = next;
  else delete loadout[item];
  state.outfit = loadout;
}

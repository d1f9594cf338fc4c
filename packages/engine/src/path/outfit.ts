import type { Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';

/** Packing for the path: ±1/±10 of a tool or weapon, within the bag's free space and the stock. */
export function checkOutfit(_state: GameState, _item: string, _delta: number): EngineError | null {
  return engineError('action/unavailable', 'error.action.unavailable');
}

export function outfit(_ctx: Ctx, _item: string, _delta: number): void {}

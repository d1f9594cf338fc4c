import type { Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';

/** The player's swing or shot with one weapon from the bag, each weapon on its own cooldown. */
export function checkAttack(_state: GameState, _weapon: string, _now: number): EngineError | null {
  return engineError('action/unavailable', 'error.action.unavailable');
}

export function attack(_ctx: Ctx, _weapon: string): void {}

import type { Direction } from '../core/commands.ts';
import type { Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';

/** One step on the map: reveal, then the tile's landmark, or supplies and a chance of a fight. */
export function checkMove(_state: GameState, _dir: Direction): EngineError | null {
  return engineError('action/unavailable', 'error.action.unavailable');
}

export function move(_ctx: Ctx, _dir: Direction): void {}

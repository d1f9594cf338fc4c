import type { Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';

/** Setting out: needs cured meat packed and the embark cooldown (after a death) run out. */
export function checkEmbark(_state: GameState): EngineError | null {
  return engineError('action/unavailable', 'error.action.unavailable');
}

export function embark(_ctx: Ctx): void {}

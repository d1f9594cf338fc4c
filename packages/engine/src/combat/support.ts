import type { SupportAction } from '../core/commands.ts';
import type { Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';

/** Eating, medicine, hypo, the stim's boost and the shield, during a fight or after it. */
export function checkSupport(_state: GameState, _action: SupportAction, _now: number): EngineError | null {
  return engineError('action/unavailable', 'error.action.unavailable');
}

export function support(_ctx: Ctx, _action: SupportAction): void {}

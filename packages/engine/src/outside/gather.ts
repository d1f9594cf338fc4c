import { addStore, milestone, notice, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { GATHER_YIELD, GATHER_YIELD_WITH_CART } from '../content/actions.ts';

export function gatherYield(state: GameState): number {
  return (state.outside.buildings.cart ?? 0) > 0 ? GATHER_YIELD_WITH_CART : GATHER_YIELD;
}

export function checkGather(state: GameState): EngineError | null {
  return state.features.outside ? null : engineError('action/unavailable', 'error.action.unavailable');
}

export function gatherWood(ctx: Ctx): void {
  const amount = gatherYield(ctx.state);
  addStore(ctx.state, 'wood', amount);
  notice(ctx, 'notice.gather.done', { amount });
  milestone(ctx, 'first_gather');
}

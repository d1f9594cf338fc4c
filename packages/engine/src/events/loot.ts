import type { Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';

/** Taking what lies on the ground into the bag, one, a row, or everything that fits. */
export function checkTake(_state: GameState, _item: string, _all: boolean): EngineError | null {
  return engineError('action/unavailable', 'error.action.unavailable');
}
export function take(_ctx: Ctx, _item: string, _all: boolean): void {}

export function checkTakeEverything(_state: GameState): EngineError | null {
  return engineError('action/unavailable', 'error.action.unavailable');
}
export function takeEverything(_ctx: Ctx): void {}

/** Dropping enough of one carried item to make room for one of another on the ground. */
export function checkDrop(_state: GameState, _item: string, _take: string): EngineError | null {
  return engineError('action/unavailable', 'error.action.unavailable');
}
export function drop(_ctx: Ctx, _item: string, _take: string): void {}

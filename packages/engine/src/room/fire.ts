import { addStore, milestone, notice, stock, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { FireLevel, GameState } from '../core/state.ts';
import { LIGHT_COST, STOKE_COST } from '../content/actions.ts';
import { FIRE_LEVELS, TIMINGS } from '../content/timings.ts';

/** Wood a light or a stoke costs now: nothing before the wood store exists. */
export function lightCost(state: GameState): number {
  return 'wood' in state.stores ? LIGHT_COST : 0;
}

export function stokeCost(state: GameState): number {
  return stock(state, 'wood') > 0 ? STOKE_COST : 0;
}

export function checkLight(state: GameState): EngineError | null {
  if (state.room.fire !== 0) return engineError('action/unavailable', 'error.fire.already_lit');
  if (stock(state, 'wood') < lightCost(state)) {
    return engineError('cost/not_enough', 'error.cost.not_enough', { resource: 'wood' });
  }
  return null;
}

export function checkStoke(state: GameState): EngineError | null {
  if (state.room.fire === 0) return engineError('action/unavailable', 'error.fire.not_lit');
  if ('wood' in state.stores && stock(state, 'wood') <= 0) {
    return engineError('cost/not_enough', 'error.fire.no_wood', { resource: 'wood' });
  }
  return null;
}

export function lightFire(ctx: Ctx): void {
  burnWood(ctx.state, lightCost(ctx.state));
  setFire(ctx, 3);
  milestone(ctx, 'fire_lit');
}

export function stokeFire(ctx: Ctx): void {
  burnWood(ctx.state, stokeCost(ctx.state));
  setFire(ctx, Math.min(4, ctx.state.room.fire + 1) as FireLevel);
}

/**
 * A free light or stoke must not touch the stores: writing even 0 would create the wood store, and
 * from then on lighting costs 5 wood and stoking an empty store is refused, before any wood exists.
 */
function burnWood(state: GameState, amount: number): void {
  if (amount > 0) addStore(state, 'wood', -amount);
}

function setFire(ctx: Ctx, level: FireLevel): void {
  ctx.state.room.fire = level;
  fireChanged(ctx);
}

/** After every light, stoke and cooling step: say so, wake the stranger, restart the cooling. */
function fireChanged(ctx: Ctx): void {
  const { room, timers } = ctx.state;
  notice(ctx, `notice.fire.${FIRE_LEVELS[room.fire]}`);
  if (room.fire > 1 && room.builder < 0) {
    room.builder = 0;
    timers.builder = ctx.now + TIMINGS.builderCheck;
    notice(ctx, 'notice.builder.approaching');
  }
  timers.fireCool = ctx.now + TIMINGS.fireCool;
}

/** The fire loses a level; a helping builder first feeds a low fire from the wood pile. */
export function coolFire(ctx: Ctx): void {
  const { state } = ctx;
  state.timers.fireCool = null;
  if (state.room.fire <= 2 && state.room.builder > 3 && stock(state, 'wood') > 0) {
    notice(ctx, 'notice.builder.stokes');
    addStore(state, 'wood', -1);
    state.room.fire = (state.room.fire + 1) as FireLevel;
  }
  if (state.room.fire > 0) setFire(ctx, (state.room.fire - 1) as FireLevel);
}

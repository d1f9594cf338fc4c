import { milestone, missingFor, notice, pay, stock, type Ctx, type Cost } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { BUILDINGS, BUILDING_IDS, type BuildingId } from '../content/buildings.ts';
import { MIN_BUILD_TEMPERATURE } from '../content/timings.ts';

export function builtCount(state: GameState, id: BuildingId): number {
  return state.outside.buildings[id] ?? 0;
}

export function buildCost(state: GameState, id: BuildingId): Cost {
  return BUILDINGS[id].cost(builtCount(state, id));
}

/**
 * A build button shows once the builder helps and the building stands already, or the wood pile
 * holds half its wood cost and every resource it needs is in the stores at all.
 */
export function meetsBuildUnlock(state: GameState, id: BuildingId): boolean {
  if (state.room.builder < 4) return false;
  if (builtCount(state, id) > 0) return true;
  const cost = buildCost(state, id);
  if (cost.wood !== undefined && stock(state, 'wood') < cost.wood / 2) return false;
  return Object.keys(cost).every((resource) => stock(state, resource) > 0);
}

export function isBuildVisible(state: GameState, id: BuildingId): boolean {
  return state.room.builder >= 4 && (state.seen.buildings.includes(id) || meetsBuildUnlock(state, id));
}

/** Announce each build button the first time it could show. */
export function revealBuilds(ctx: Ctx): void {
  for (const id of BUILDING_IDS) {
    if (ctx.state.seen.buildings.includes(id) || !meetsBuildUnlock(ctx.state, id)) continue;
    ctx.state.seen.buildings.push(id);
    notice(ctx, 'notice.build.available', { building: id });
  }
}

export function checkBuild(state: GameState, id: BuildingId): EngineError | null {
  if (!isBuildVisible(state, id)) return engineError('action/unavailable', 'error.action.unavailable');
  if (state.room.temperature < MIN_BUILD_TEMPERATURE) return engineError('build/too_cold', 'error.build.too_cold');
  if (builtCount(state, id) >= BUILDINGS[id].max) {
    return engineError('build/maxed', 'error.build.maxed', { building: id });
  }
  const missing = missingFor(state, buildCost(state, id));
  if (missing) return engineError('cost/not_enough', 'error.cost.not_enough', { resource: missing });
  return null;
}

export function build(ctx: Ctx, id: BuildingId): void {
  const { state } = ctx;
  pay(state, buildCost(state, id));
  state.outside.buildings[id] = builtCount(state, id) + 1;
  notice(ctx, `notice.build.done`, { building: id });
  if (state.outside.buildings[id] >= BUILDINGS[id].max) notice(ctx, 'notice.build.maxed', { building: id });
  if (id === 'trap') milestone(ctx, 'first_trap');
}

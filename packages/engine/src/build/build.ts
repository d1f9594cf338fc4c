import { milestone, missingFor, notice, pay, type Ctx, type Cost } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { BUILDABLE_IDS, BUILDINGS, type BuildingId } from '../content/buildings.ts';
import { MIN_BUILD_TEMPERATURE } from '../content/timings.ts';
import { openJobsFor, startArrivals } from '../outside/village.ts';
import { couldAffordSoon } from './unlock.ts';

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
  if (state.room.builder < 4 || BUILDINGS[id].granted) return false;
  return builtCount(state, id) > 0 || couldAffordSoon(state, buildCost(state, id));
}

export function isBuildVisible(state: GameState, id: BuildingId): boolean {
  return (
    state.room.builder >= 4 && !BUILDINGS[id].granted && (state.seen.buildings.includes(id) || meetsBuildUnlock(state, id))
  );
}

/** Announce each build button the first time it could show. */
export function revealBuilds(ctx: Ctx): void {
  for (const id of BUILDABLE_IDS) {
    if (ctx.state.seen.buildings.includes(id) || !meetsBuildUnlock(ctx.state, id)) continue;
    ctx.state.seen.buildings.push(id);
    notice(ctx, 'notice.build.available', { building: id });
  }
}

/** The builder will not work in a cold room (building and crafting alike). */
export function tooCold(state: GameState): EngineError | null {
  return state.room.temperature < MIN_BUILD_TEMPERATURE ? engineError('build/too_cold', 'error.build.too_cold') : null;
}

export function checkBuild(state: GameState, id: BuildingId): EngineError | null {
  if (!isBuildVisible(state, id)) return engineError('action/unavailable', 'error.action.unavailable');
  const cold = tooCold(state);
  if (cold) return cold;
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
  grantBuilding(ctx, id, 0);
}

/** What a new building sets going: arrivals with the first hut, jobs with their workplace. */
export function grantBuilding(ctx: Ctx, id: BuildingId, add = 1): void {
  const { state } = ctx;
  if (add > 0) state.outside.buildings[id] = Math.min(BUILDINGS[id].max, builtCount(state, id) + add);
  if (id === 'trap') milestone(ctx, 'first_trap');
  if (id === 'hut') {
    milestone(ctx, 'first_hut');
    startArrivals(ctx);
  }
  if (id === 'lodge' || id === 'trading post' || id === 'workshop') milestone(ctx, id === 'trading post' ? 'trading_post' : id);
  openJobsFor(ctx, id);
}

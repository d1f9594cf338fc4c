import { milestone, notice, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import { nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { startIncome } from '../core/income.ts';
import { HUT_CAPACITY } from '../content/buildings.ts';
import { gatherers } from '../content/income.ts';
import { JOBS, jobById } from '../content/jobs.ts';
import { populationDelay } from '../content/timings.ts';

export function capacity(state: GameState): number {
  return HUT_CAPACITY * (state.outside.buildings.hut ?? 0);
}

/** The first hut starts the arrivals; they then come forever, room or not. */
export function startArrivals(ctx: Ctx): void {
  if (ctx.state.timers.population === null) {
    ctx.state.timers.population = ctx.now + populationDelay(ctx.state.rng);
  }
}

/** Between half the free room and all but one of it come at once (never nobody). */
export function villagersArrive(ctx: Ctx): void {
  const { state } = ctx;
  const space = capacity(state) - state.outside.population;
  if (space > 0) {
    const arrivals = Math.floor(nextFloat(state.rng) * (space / 2) + space / 2) || 1;
    state.outside.population += arrivals;
    notice(ctx, arrivalNotice(arrivals), { count: arrivals });
    milestone(ctx, 'first_villagers');
    for (const size of [10, 20, 40, 80] as const) {
      if (state.outside.population >= size) milestone(ctx, `village_${size}`);
    }
  }
  state.timers.population = ctx.now + populationDelay(state.rng);
}

function arrivalNotice(count: number): string {
  if (count === 1) return 'notice.village.arrive_one';
  if (count < 5) return 'notice.village.arrive_few';
  if (count < 10) return 'notice.village.arrive_some';
  if (count < 30) return 'notice.village.arrive_many';
  return 'notice.village.arrive_crowd';
}

/** A job opens with its building's first copy, at zero workers, with its income already ticking. */
export function openJobsFor(ctx: Ctx, building: string): void {
  for (const job of JOBS) {
    if (job.building !== building || job.id in ctx.state.outside.workers) continue;
    ctx.state.outside.workers[job.id] = 0;
    startIncome(ctx, job.id);
  }
}

const STEPS = new Set([1, -1, 10, -10]);

export function checkAssign(state: GameState, job: string, delta: number): EngineError | null {
  if (!STEPS.has(delta)) return engineError('command/unknown', 'error.command.unknown');
  if (!jobById(job) || !(job in state.outside.workers)) {
    return engineError('action/unavailable', 'error.action.unavailable');
  }
  if (delta > 0 && gatherers(state) === 0) return engineError('village/no_one_free', 'error.village.no_one_free');
  if (delta < 0 && state.outside.workers[job] === 0) return engineError('village/no_workers', 'error.village.no_workers');
  return null;
}

/** Takes from or returns to the gatherers, as many as there are, up to the step. */
export function assign(ctx: Ctx, job: string, delta: number): void {
  const { workers } = ctx.state.outside;
  const moved = delta > 0 ? Math.min(delta, gatherers(ctx.state)) : -Math.min(-delta, workers[job]);
  workers[job] += moved;
}

/** Villagers die: the dead come off the gatherers first, then off jobs in list order. */
export function killVillagers(state: GameState, count: number): number {
  const killed = Math.min(count, state.outside.population);
  state.outside.population -= killed;
  let excess = -(state.outside.population - Object.values(state.outside.workers).reduce((a, b) => a + b, 0));
  for (const job of JOBS) {
    if (excess <= 0) break;
    const have = state.outside.workers[job.id] ?? 0;
    const take = Math.min(have, excess);
    if (take > 0) state.outside.workers[job.id] = have - take;
    excess -= take;
  }
  return killed;
}

/**
 * A hut is lost with whoever lived in it: full huts hold four, one hut may be partly filled,
 * the rest stand empty. Only lived-in huts are candidates unless `allowEmpty`.
 */
export function destroyHuts(state: GameState, count: number, allowEmpty = false): number {
  let killed = 0;
  for (let i = 0; i < count; i++) {
    const population = state.outside.population;
    const full = Math.floor(population / HUT_CAPACITY);
    const huts = state.outside.buildings.hut ?? 0;
    const candidates = allowEmpty ? huts : Math.ceil(population / HUT_CAPACITY);
    if (candidates <= 0 || huts <= 0) break;
    const target = Math.floor(nextFloat(state.rng) * candidates) + 1;
    const inhabitants = target <= full ? HUT_CAPACITY : target === full + 1 ? population % HUT_CAPACITY : 0;
    state.outside.buildings.hut = huts - 1;
    if (inhabitants > 0) killed += killVillagers(state, inhabitants);
  }
  return killed;
}

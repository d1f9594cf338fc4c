import type { GameState } from '../core/state.ts';
import { GATHERER_WOOD, JOBS } from './jobs.ts';
import { THEFT } from './items.ts';

const times = (amounts: Readonly<Record<string, number>>, n: number) =>
  Object.fromEntries(Object.entries(amounts).map(([resource, amount]) => [resource, amount * n]));

/**
 * Income sources: what each adds or takes per 10 s cycle, derived from the state at the moment
 * it fires, so changing worker counts never resets a source's phase.
 */
export const INCOME_SOURCES: Record<string, (state: GameState) => Record<string, number>> = {
  builder: () => ({ wood: 2 }),
  gatherer: (state) => ({ wood: GATHERER_WOOD * gatherers(state) }),
  ...Object.fromEntries(
    JOBS.map((job) => [job.id, (state: GameState) => times(job.perWorker, state.outside.workers[job.id] ?? 0)]),
  ),
  thieves: () => times(THEFT, -1),
};

/** Thieves take what is there even when it is not enough; every other source is all-or-nothing. */
export const TAKES_WHAT_IT_CAN = new Set(['thieves']);

export function assignedWorkers(state: GameState): number {
  return Object.values(state.outside.workers).reduce((sum, n) => sum + n, 0);
}

export function gatherers(state: GameState): number {
  return Math.max(0, state.outside.population - assignedWorkers(state));
}

import type { GameState } from '../core/state.ts';

/**
 * Income sources: what each adds or takes per 10 s cycle, derived from the state at the moment
 * it fires, so changing worker counts never resets a source's phase.
 */
export const INCOME_SOURCES: Record<string, (state: GameState) => Record<string, number>> = {
  builder: () => ({ wood: 2 }),
  gatherer: (state) => ({ wood: gatherers(state) }),
};

export function gatherers(state: GameState): number {
  const assigned = Object.values(state.outside.workers).reduce((sum, n) => sum + n, 0);
  return Math.max(0, state.outside.population - assigned);
}

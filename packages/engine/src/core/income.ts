import { addStore, stock, type Ctx } from './context.ts';
import type { GameState } from './state.ts';
import { INCOME_SOURCES, TAKES_WHAT_IT_CAN } from '../content/income.ts';
import { TIMINGS } from '../content/timings.ts';

/** Income fires on a 1 s grid starting at clock 0; a new source fires on the very next tick. */
export function nextTick(time: number): number {
  return (Math.floor(time / TIMINGS.incomeTick) + 1) * TIMINGS.incomeTick;
}

export function startIncome(ctx: Ctx, source: string): void {
  if (!(source in ctx.state.income)) ctx.state.income[source] = nextTick(ctx.now);
}

/**
 * Every source due now, in the order the sources were created: a source whose deltas would drive
 * any store below zero is skipped whole for this cycle (nothing produced, nothing consumed).
 */
export function runIncome(ctx: Ctx): void {
  const { state } = ctx;
  for (const [source, dueAt] of Object.entries(state.income)) {
    if (dueAt > ctx.now) continue;
    state.income[source] = dueAt + TIMINGS.incomeCycle;
    const deltas = incomeOf(state, source);
    if (TAKES_WHAT_IT_CAN.has(source)) {
      steal(state, deltas);
      continue;
    }
    const affordable = Object.entries(deltas).every(([r, n]) => stock(state, r) + n >= 0);
    if (!affordable) continue;
    for (const [resource, amount] of Object.entries(deltas)) {
      if (amount !== 0) addStore(state, resource, amount);
    }
  }
}

export function incomeOf(state: GameState, source: string): Record<string, number> {
  return INCOME_SOURCES[source]?.(state) ?? {};
}

/** Net change per 10 s cycle of each resource, over all running sources. */
export function incomeRates(state: GameState): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const source of Object.keys(state.income)) {
    for (const [resource, amount] of Object.entries(incomeOf(state, source))) {
      if (amount !== 0) rates[resource] = (rates[resource] ?? 0) + amount;
    }
  }
  return rates;
}

/** Takes up to each amount, and remembers what was really taken so it can be given back. */
function steal(state: GameState, deltas: Record<string, number>): void {
  for (const [resource, amount] of Object.entries(deltas)) {
    const taken = Math.min(stock(state, resource), -amount);
    if (taken <= 0) continue;
    addStore(state, resource, -taken);
    state.thieves.stolen[resource] = (state.thieves.stolen[resource] ?? 0) + taken;
  }
}

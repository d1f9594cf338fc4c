import type { MilestoneId } from '../content/milestones.ts';
import type { NoticeParams } from './errors.ts';
import { MAX_STORE, type GameState } from './state.ts';

export type GameEvent =
  | { type: 'notice'; key: string; params?: NoticeParams }
  | { type: 'milestone'; id: MilestoneId };

/** What a rule gets while it runs: the draft state it may change, the time it runs at, an outbox. */
export interface Ctx {
  state: GameState;
  now: number;
  events: GameEvent[];
}

export function notice(ctx: Ctx, key: string, params?: NoticeParams): void {
  ctx.events.push(params ? { type: 'notice', key, params } : { type: 'notice', key });
}

/** Records the first time a milestone is reached and says so; later passes are not news. */
export function milestone(ctx: Ctx, id: MilestoneId): void {
  if (ctx.state.milestones[id] !== undefined) return;
  ctx.state.milestones[id] = ctx.now;
  ctx.events.push({ type: 'milestone', id });
}

export function stock(state: GameState, resource: string): number {
  return state.stores[resource] ?? 0;
}

/** Adds to a store, keeping it within [0, MAX_STORE] like every store write. */
export function addStore(state: GameState, resource: string, amount: number): void {
  const next = (state.stores[resource] ?? 0) + amount;
  state.stores[resource] = Math.min(MAX_STORE, Math.max(0, next));
}

export type Cost = Readonly<Record<string, number>>;

/** The first resource the stores cannot cover, or null when the cost can be paid. */
export function missingFor(state: GameState, cost: Cost): string | null {
  for (const [resource, amount] of Object.entries(cost)) {
    if (stock(state, resource) < amount) return resource;
  }
  return null;
}

export function pay(state: GameState, cost: Cost): void {
  for (const [resource, amount] of Object.entries(cost)) addStore(state, resource, -amount);
}

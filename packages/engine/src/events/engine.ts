import { addStore, milestone, missingFor, notice, pay, type Cost, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import { nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { eventDelay } from '../content/timings.ts';
import { EVENTS, eventById } from '../content/events/index.ts';
import type { EventButton, EventCtx, EventDef, Next } from './types.ts';

/** The context event hooks get: the rule context plus chance, scene numbers and promised payouts. */
export function eventCtx(ctx: Ctx): EventCtx {
  const { state } = ctx;
  return Object.assign(ctx, {
    random: () => nextFloat(state.rng),
    randomInt: (min: number, max: number) => Math.floor(nextFloat(state.rng) * (max - min + 1)) + min,
    setParams: (params: Record<string, number>) => {
      if (state.event) state.event.params = { ...state.event.params, ...params };
    },
    promise: (id: string, delayMs: number, reward: Cost, noticeKey: string) => {
      state.payouts.push({ id, dueAt: ctx.now + delayMs, reward: { ...reward }, notice: noticeKey });
    },
  });
}

function inView(state: GameState, event: EventDef): boolean {
  if (event.pool === 'world') return false;
  if (event.pool === 'global') return state.location === 'room' || state.location === 'outside';
  return state.location === event.pool;
}

export function availableEvents(state: GameState): EventDef[] {
  return EVENTS.filter((event) => inView(state, event) && event.available(state));
}

/**
 * The random-event roll: nothing while an event is open; with nothing that could happen, look
 * again in half the time; otherwise open one at random.
 */
export function rollEvent(ctx: Ctx): void {
  const { state } = ctx;
  if (state.event) {
    state.timers.event = ctx.now + eventDelay(state.rng);
    return;
  }
  const candidates = availableEvents(state);
  if (candidates.length === 0) {
    state.timers.event = ctx.now + eventDelay(state.rng, 0.5);
    return;
  }
  const chosen = candidates[Math.floor(nextFloat(state.rng) * candidates.length)];
  openEvent(ctx, chosen.id);
  state.timers.event = ctx.now + eventDelay(state.rng);
}

export function openEvent(ctx: Ctx, id: string): void {
  ctx.state.event = { id, scene: 'start' };
  notice(ctx, `event.${id}.title`);
  milestone(ctx, 'first_event');
  loadScene(ctx, 'start');
}

function loadScene(ctx: Ctx, scene: string): void {
  const open = ctx.state.event!;
  const def = eventById(open.id)?.scenes[scene];
  if (!def) {
    ctx.state.event = null;
    return;
  }
  open.scene = scene;
  delete open.params;
  def.onLoad?.(eventCtx(ctx));
  if (def.notice) notice(ctx, def.notice);
  if (def.reward) give(ctx.state, def.reward);
}

function give(state: GameState, reward: Cost): void {
  for (const [resource, amount] of Object.entries(reward)) addStore(state, resource, amount);
}

function pickScene(ctx: Ctx, next: Exclude<Next, 'end' | string>): string | null {
  const roll = nextFloat(ctx.state.rng);
  return next.find(([threshold]) => roll < threshold)?.[1] ?? null;
}

export function currentButtons(state: GameState): Array<[string, EventButton]> {
  if (!state.event) return [];
  return Object.entries(eventById(state.event.id)?.scenes[state.event.scene]?.buttons ?? {});
}

export function checkChoice(state: GameState, button: string): EngineError | null {
  if (!state.event) return engineError('event/not_open', 'error.event.not_open');
  const def = currentButtons(state).find(([id]) => id === button)?.[1];
  if (!def) return engineError('action/unavailable', 'error.action.unavailable');
  if (def.available && !def.available(state)) return engineError('action/unavailable', 'error.action.unavailable');
  const missing = def.cost ? missingFor(state, def.cost) : null;
  return missing ? engineError('cost/not_enough', 'error.cost.not_enough', { resource: missing }) : null;
}

/** A choice: pay, receive, act, say, then move on (or stay for a repeatable choice). */
export function choose(ctx: Ctx, button: string): void {
  const def = currentButtons(ctx.state).find(([id]) => id === button)![1];
  if (def.cost) pay(ctx.state, def.cost);
  if (def.reward) give(ctx.state, def.reward);
  def.effect?.(eventCtx(ctx));
  if (def.notice) notice(ctx, def.notice);
  const next = def.next;
  if (next === undefined || !ctx.state.event) return;
  if (next === 'end') {
    ctx.state.event = null;
    return;
  }
  const scene = typeof next === 'string' ? next : pickScene(ctx, next);
  if (scene === null) ctx.state.event = null;
  else loadScene(ctx, scene);
}

/** Promised rewards whose time has come. */
export function payOut(ctx: Ctx): void {
  const due = ctx.state.payouts.filter((p) => p.dueAt <= ctx.now);
  if (due.length === 0) return;
  ctx.state.payouts = ctx.state.payouts.filter((p) => p.dueAt > ctx.now);
  for (const payout of due) {
    give(ctx.state, payout.reward);
    notice(ctx, payout.notice);
  }
}

export function nextPayoutAt(state: GameState): number | null {
  return state.payouts.reduce<number | null>((min, p) => (min === null || p.dueAt < min ? p.dueAt : min), null);
}

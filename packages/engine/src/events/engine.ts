import { addStore, milestone, missingFor, notice, pay, type Cost, type Ctx } from '../core/context.ts';
import { startFight, setPlayerHp } from '../combat/fight.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import { nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { eventDelay } from '../content/timings.ts';
import { EVENTS, eventById } from '../content/events/index.ts';
import type { EventButton, EventCtx, EventDef, Next } from './types.ts';
import { fighting, sceneButtons, showButtons } from './scene.ts';

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
  ctx.state.fight = null;
  ctx.state.event = { id, scene: 'start' };
  notice(ctx, `event.${id}.title`);
  milestone(ctx, 'first_event');
  loadScene(ctx, 'start');
}

/**
 * A scene opens: its hook, its notice, its reward; then a fight (which needs someone out in the
 * world to fight it), or its loot on the ground and its buttons, locked for their cooldown.
 * Whatever the last scene left on the ground is gone.
 */
function loadScene(ctx: Ctx, scene: string): void {
  const open = ctx.state.event!;
  const def = eventById(open.id)?.scenes[scene];
  ctx.state.fight = null;
  delete open.loot;
  delete open.readyAt;
  if (!def) {
    closeEvent(ctx.state);
    return;
  }
  open.scene = scene;
  delete open.params;
  def.onLoad?.(eventCtx(ctx));
  if (ctx.state.event !== open) return;
  if (def.notice) notice(ctx, def.notice);
  if (def.reward) give(ctx.state, def.reward);
  if (def.combat && ctx.state.expedition) startFight(ctx, def.combat);
  else showButtons(ctx, def);
}

/** The event is over: its fight and the loot left on the ground go with it. */
export function closeEvent(state: GameState): void {
  state.event = null;
  state.fight = null;
}

function give(state: GameState, reward: Cost): void {
  for (const [resource, amount] of Object.entries(reward)) addStore(state, resource, amount);
}

function pickScene(ctx: Ctx, next: Exclude<Next, 'end' | string>): string | null {
  const roll = nextFloat(ctx.state.rng);
  return next.find(([threshold]) => roll < threshold)?.[1] ?? null;
}

/** The open scene's buttons as shown: none during its fight, a default `leave` after one without its own. */
export function currentButtons(state: GameState): Array<[string, EventButton]> {
  return sceneButtons(state);
}

/** In the world a cost is paid from the bag, `water` and `hp` from the trip; a glowstone carried waives torches. */
const inWorld = (state: GameState) => state.location === 'world' && state.expedition !== null;

/** A button's cost as it will be paid here: without torches when a glowstone lights the way out there. */
export function effectiveCost(state: GameState, cost: Cost): Cost {
  if (!inWorld(state) || (state.expedition!.bag.glowstone ?? 0) < 1 || !Object.hasOwn(cost, 'torch')) return cost;
  const { torch: _torch, ...rest } = cost;
  return rest;
}

/** How much of `resource` a cost can draw on: the bag and the trip out there, the stores at home. */
export function costStock(state: GameState, resource: string): number {
  if (!inWorld(state)) return state.stores[resource] ?? 0;
  const trip = state.expedition!;
  if (resource === 'water') return trip.water;
  if (resource === 'hp') return trip.hp;
  return Math.max(0, trip.bag[resource] ?? 0);
}

/** The first resource the cost cannot cover, or null. Health must stay above 0: a choice never kills. */
export function missingForChoice(state: GameState, cost: Cost): string | null {
  if (!inWorld(state)) return missingFor(state, cost);
  for (const [resource, amount] of Object.entries(effectiveCost(state, cost))) {
    const have = costStock(state, resource);
    if (resource === 'hp' ? have <= amount : have < amount) return resource;
  }
  return null;
}

function payChoice(ctx: Ctx, cost: Cost): void {
  const { state } = ctx;
  if (!inWorld(state)) {
    pay(state, cost);
    return;
  }
  const trip = state.expedition!;
  for (const [resource, amount] of Object.entries(effectiveCost(state, cost))) {
    if (resource === 'water') trip.water = Math.max(0, trip.water - amount);
    else if (resource === 'hp') setPlayerHp(ctx, trip.hp - amount);
    else {
      const left = (trip.bag[resource] ?? 0) - amount;
      if (left > 0) trip.bag[resource] = left;
      else delete trip.bag[resource];
    }
  }
}

/** `now` defaults to the state's clock; `apply` and `check` pass the time the choice is judged at. */
export function checkChoice(state: GameState, button: string, now: number = state.clock): EngineError | null {
  if (!state.event) return engineError('event/not_open', 'error.event.not_open');
  if (fighting(state)) return engineError('action/unavailable', 'error.fight.on');
  const def = currentButtons(state).find(([id]) => id === button)?.[1];
  if (!def) return engineError('action/unavailable', 'error.action.unavailable');
  if (def.available && !def.available(state)) return engineError('action/unavailable', 'error.action.unavailable');
  const readyAt = state.event.readyAt ?? 0;
  if (def.cooldown && readyAt > now) {
    return engineError('action/cooling_down', 'error.action.cooling_down', { seconds: Math.ceil((readyAt - now) / 1000) });
  }
  const missing = def.cost ? missingForChoice(state, def.cost) : null;
  return missing ? engineError('cost/not_enough', 'error.cost.not_enough', { resource: missing }) : null;
}

/** A choice: pay, receive, act, say, then move on (or stay for a repeatable choice). */
export function choose(ctx: Ctx, button: string): void {
  const def = currentButtons(ctx.state).find(([id]) => id === button)![1];
  const open = ctx.state.event;
  if (def.cost) payChoice(ctx, def.cost);
  if (ctx.state.event !== open) return;
  if (def.reward) give(ctx.state, def.reward);
  def.effect?.(eventCtx(ctx));
  if (def.notice) notice(ctx, def.notice);
  if (!ctx.state.event) return;
  if (def.nextEvent) {
    openEvent(ctx, def.nextEvent);
    return;
  }
  const next = def.next;
  if (next === undefined) {
    // A repeatable choice: a button with a cooldown rests again.
    if (def.cooldown) ctx.state.event.readyAt = ctx.now + def.cooldown;
    return;
  }
  if (next === 'end') {
    closeEvent(ctx.state);
    return;
  }
  const scene = typeof next === 'string' ? next : pickScene(ctx, next);
  if (scene === null) closeEvent(ctx.state);
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

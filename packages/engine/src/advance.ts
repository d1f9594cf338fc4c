import { cloneState } from './core/clone.ts';
import type { Ctx, GameEvent } from './core/context.ts';
import { runIncome } from './core/income.ts';
import type { GameState } from './core/state.ts';
import { coolFire } from './room/fire.ts';
import { stepTemperature } from './room/temperature.ts';
import { checkBuilder } from './room/builder.ts';
import { openForest } from './outside/forest.ts';
import { revealBuilds } from './build/build.ts';
import { revealCrafts } from './build/craft.ts';
import { nextPayoutAt, payOut, rollEvent } from './events/engine.ts';
import { villagersArrive } from './outside/village.ts';
import { watchForThieves } from './outside/thieves.ts';
import { nextFightDueAt, runFight } from './combat/timers.ts';
import { openWorld } from './world/open.ts';
import { unlockEndgame } from './endgame/ship.ts';

export interface Step {
  state: GameState;
  events: GameEvent[];
}

/** Timers that fall due at the same instant run in this order; income always first. */
const TIMER_RULES: ReadonlyArray<[keyof GameState['timers'], (ctx: Ctx) => void]> = [
  ['fireCool', coolFire],
  ['temperature', stepTemperature],
  ['builder', checkBuilder],
  ['forest', openForest],
  ['population', villagersArrive],
  ['event', rollEvent],
];

/** What is re-judged after anything changed: buttons to announce, thieves to draw, the world to draw once the compass is owned. */
export function afterChange(ctx: Ctx): void {
  revealBuilds(ctx);
  revealCrafts(ctx);
  watchForThieves(ctx);
  openWorld(ctx);
  unlockEndgame(ctx);
}

const MAX_STEPS = 10_000_000;

/** The earliest time something is due, or null when nothing ever will be. */
export function nextDueAt(state: GameState): number | null {
  // After the ending every timer has stopped.
  if (state.ending) return null;
  // With the ship in the air the village waits (space/flight.ts moves its timers on afterwards).
  if (state.flight) return null;
  let next: number | null = null;
  for (const due of [...Object.values(state.income), ...Object.values(state.timers), nextPayoutAt(state), nextFightDueAt(state)]) {
    if (due !== null && (next === null || due < next)) next = due;
  }
  return next;
}

/**
 * When a host that stays quiet about income should next wake the game: as `nextDueAt`, except that
 * a wake for income alone waits until `quietMs` after the clock. Income moves stores (and what they
 * unlock), which the client computes itself, and `advance` later runs every missed tick at its own
 * due-time, so waking less often changes no outcome, only how soon an income-driven notice is sent.
 */
export function nextWakeAt(state: GameState, quietMs: number): number | null {
  if (state.ending || state.flight) return null;
  let other: number | null = null;
  for (const due of [...Object.values(state.timers), nextPayoutAt(state), nextFightDueAt(state)]) {
    if (due !== null && (other === null || due < other)) other = due;
  }
  let income: number | null = null;
  for (const due of Object.values(state.income)) {
    if (income === null || due < income) income = due;
  }
  if (income === null) return other;
  const deferred = Math.max(income, state.clock + quietMs);
  return other === null ? deferred : Math.min(other, deferred);
}

/**
 * Runs every timer due up to `now`, each at its own due-time, in time order, then sets the clock
 * to `now`. Time never runs backward: an earlier `now` changes nothing.
 */
export function advance(state: GameState, now: number): Step {
  const ctx: Ctx = { state: cloneState(state), now: state.clock, events: [] };
  advanceDraft(ctx, now);
  return { state: ctx.state, events: ctx.events };
}

export function advanceDraft(ctx: Ctx, now: number): void {
  const { state } = ctx;
  repairForest(state);
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    const due = nextDueAt(state);
    if (due === null || due > now) break;
    ctx.now = Math.max(due, state.clock);
    state.clock = ctx.now;
    if (Object.values(state.income).some((t) => t <= ctx.now)) runIncome(ctx);
    payOut(ctx);
    const fightDue = nextFightDueAt(state);
    if (fightDue !== null && fightDue <= ctx.now) runFight(ctx);
    for (const [timer, rule] of TIMER_RULES) {
      if (state.timers[timer] !== null && (state.timers[timer] as number) <= ctx.now) rule(ctx);
    }
    afterChange(ctx);
  }
  if (now > state.clock) state.clock = now;
  ctx.now = state.clock;
}

/** Saves from before the forest unlock was persisted: open it whenever the stranger is in. */
function repairForest(state: GameState): void {
  if (state.room.builder >= 1 && !state.features.outside && state.timers.forest === null) {
    state.timers.forest = state.clock;
  }
}

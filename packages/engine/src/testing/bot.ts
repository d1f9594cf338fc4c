/**
 * A bot that plays the village from a new game by fast-forwarding the engine: it acts whenever
 * something useful can be done (only what `check` allows, so every command it sends is accepted),
 * and otherwise advances to the next moment anything falls due or a cooldown ends. No real waiting.
 *
 * It plays like a careful player: keeps the fire going, gathers and checks the traps as soon as
 * they are ready, builds the cart, then the lodge, trading post, tannery, workshop and smokehouse
 * one after the other as soon as each can be paid (saving wood for it once its other resources are
 * in), and otherwise four traps, then huts before more traps; it keeps the villagers on a fixed split of jobs,
 * travels to the tab a command belongs to, and answers every event (see `answer`).
 */
import { advance, nextDueAt } from '../advance.ts';
import { apply, check } from '../apply.ts';
import type { Command } from '../core/commands.ts';
import { stock, type GameEvent } from '../core/context.ts';
import type { GameState, Location } from '../core/state.ts';
import type { BuildingId } from '../content/buildings.ts';
import { gatherers } from '../content/income.ts';
import { currentButtons } from '../events/engine.ts';
import { buildActions } from '../selectors.ts';

export interface BotGoal {
  population: number;
  buildings: readonly BuildingId[];
}

export interface BotRun {
  state: GameState;
  events: GameEvent[];
  /** Every command sent, with the clock time it was sent at: replaying it gives the same game. */
  log: Array<readonly [at: number, command: Command]>;
  /** The id of every event that opened, in order. */
  answered: string[];
}

/** Where each command's button is: building, crafting and trading in the room; the rest outside. */
const TAB: Partial<Record<Command['type'], Exclude<Location, 'world'>>> = {
  light_fire: 'room',
  stoke_fire: 'room',
  build: 'room',
  craft: 'room',
  buy: 'room',
  gather_wood: 'outside',
  check_traps: 'outside',
  assign: 'outside',
};

/** Built once each, one after the other, each as soon as it can be paid. */
const WORKPLACES: readonly BuildingId[] = ['lodge', 'trading post', 'tannery', 'workshop', 'smokehouse'];
/** Traps built before the first hut. */
const FIRST_TRAPS = 4;

const built = (state: GameState, id: string) => state.outside.buildings[id] ?? 0;
const ok = (state: GameState, command: Command) => check(state, command) === null;

/**
 * The open event's answer: a decline if there is one (a button that costs nothing and ends the
 * event), else the first enabled button that moves on, else the first enabled one at all.
 */
function answer(state: GameState): Command | null {
  const enabled = currentButtons(state).filter(([id]) => ok(state, { type: 'event_choose', button: id }));
  const decline = enabled.find(([, b]) => b.next === 'end' && !b.cost && !b.reward && !b.effect);
  const onward = enabled.find(([, b]) => b.next !== undefined);
  const chosen = decline ?? onward ?? enabled[0];
  return chosen ? { type: 'event_choose', button: chosen[0] } : null;
}

function fireCommand(state: GameState): Command | null {
  const { fire, builder } = state.room;
  if (fire === 0) return ok(state, { type: 'light_fire' }) ? { type: 'light_fire' } : null;
  // Keep the room from going cold; before the builder helps, keep it warm enough for the stranger.
  const wanted = builder < 4 ? 3 : 2;
  if (fire < wanted && ok(state, { type: 'stoke_fire' })) return { type: 'stoke_fire' };
  return null;
}

function buildCommand(state: GameState): Command | null {
  const views = new Map(buildActions(state).map((v) => [v.building, v]));
  const can = (id: BuildingId) => views.get(id)?.blocked === null;
  const woodFor = (id: BuildingId) => views.get(id)?.cost.wood ?? 0;
  if (can('cart')) return { type: 'build', building: 'cart' };
  // One workplace at a time, in order; once its other resources are in, its wood is kept for it.
  let reserve = 0;
  const next = WORKPLACES.find((id) => built(state, id) === 0);
  const view = next && views.get(next);
  if (view) {
    if (view.blocked === null) return { type: 'build', building: view.building };
    const restIsIn = Object.entries(view.cost).every(([r, n]) => r === 'wood' || stock(state, r) >= n);
    if (restIsIn) reserve = woodFor(view.building);
  }
  const spare = (id: BuildingId, keep = reserve) => can(id) && stock(state, 'wood') - woodFor(id) >= keep;
  // A few traps for the lodge's fur and meat; then huts (villagers bring wood and hunt); more traps
  // only with wood to spare beyond the next hut, so a ruined trap does not hold the village back.
  if (built(state, 'trap') < FIRST_TRAPS && spare('trap')) return { type: 'build', building: 'trap' };
  if (spare('hut')) return { type: 'build', building: 'hut' };
  const hutsDone = built(state, 'hut') >= 20;
  if (spare('trap', reserve + (hutsDone ? 0 : woodFor('hut')))) return { type: 'build', building: 'trap' };
  return null;
}

/**
 * The split the bot keeps: three in ten hunt, one trapper from ten villagers (meat into bait), one
 * tanner per ten once the trading post has had its fur, and a charcutier once the workshop stands
 * (curing takes wood); the rest gather wood, which the huts need most.
 */
function targets(state: GameState): Record<string, number> {
  const p = state.outside.population;
  const wants: Record<string, number> = {
    hunter: Math.round(p * 0.3),
    trapper: p >= 10 ? 1 : 0,
    tanner: built(state, 'trading post') > 0 ? Math.max(1, Math.floor(p / 10)) : 0,
    charcutier: built(state, 'workshop') > 0 && p >= 20 ? 1 : 0,
  };
  return Object.fromEntries(Object.entries(wants).filter(([job]) => job in state.outside.workers));
}

function assignCommand(state: GameState): Command | null {
  const want = targets(state);
  const diffs = Object.entries(want).map(([job, n]) => [job, n - state.outside.workers[job]] as const);
  for (const [job, diff] of diffs) {
    if (diff < 0) return { type: 'assign', job, delta: diff <= -10 ? -10 : -1 };
  }
  if (gatherers(state) === 0) return null;
  for (const [job, diff] of diffs) {
    if (diff > 0) return { type: 'assign', job, delta: diff >= 10 ? 10 : 1 };
  }
  return null;
}

/** What to do now, already travelled for; null when nothing is worth doing until time passes. */
export function decide(state: GameState): Command | null {
  if (state.event) return answer(state);
  const wanted =
    fireCommand(state) ??
    (ok(state, { type: 'gather_wood' }) ? ({ type: 'gather_wood' } as const) : null) ??
    (ok(state, { type: 'check_traps' }) ? ({ type: 'check_traps' } as const) : null) ??
    buildCommand(state) ??
    assignCommand(state);
  if (!wanted) return null;
  const tab = TAB[wanted.type];
  if (tab && tab !== state.location) return { type: 'travel', to: tab };
  return check(state, wanted) === null ? wanted : null;
}

/** The next moment anything falls due or a cooldown ends. */
function wakeAt(state: GameState): number {
  let next = nextDueAt(state) ?? Infinity;
  for (const readyAt of Object.values(state.cooldowns)) if (readyAt > state.clock) next = Math.min(next, readyAt);
  return next;
}

export function reached(state: GameState, goal: BotGoal): boolean {
  return state.outside.population >= goal.population && goal.buildings.every((id) => built(state, id) > 0);
}

/** Plays `start` until `goal` is met; throws when it is not met by `limit` (ms of game clock). */
export function playUntil(start: GameState, goal: BotGoal, limit: number): BotRun {
  let state = start;
  const events: GameEvent[] = [];
  const log: BotRun['log'] = [];
  const answered: string[] = [];
  let sameInstant = 0;
  while (!reached(state, goal)) {
    if (state.clock > limit) throw new Error(`goal not reached by ${limit} ms`);
    const command = decide(state);
    if (command) {
      if (++sameInstant > 500) throw new Error(`the bot is going round in circles at ${state.clock} ms`);
      const result = apply(state, command, state.clock);
      if (!result.ok) throw new Error(`${command.type} refused at ${state.clock}: ${result.error.code}`);
      const opened = state.event;
      state = result.state;
      events.push(...result.events);
      log.push([state.clock, command]);
      if (!opened && state.event) answered.push(state.event.id);
      continue;
    }
    sameInstant = 0;
    const step = advance(state, wakeAt(state));
    if (!state.event && step.state.event) answered.push(step.state.event.id);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events, log, answered };
}

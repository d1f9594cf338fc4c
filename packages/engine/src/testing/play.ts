/**
 * Helpers for the engine's own tests: scripts of timed commands, and the states the opening
 * passes through, reached by playing rather than by hand so every timer is where the rules put it.
 */
import { advance, type Step } from '../advance.ts';
import { apply } from '../apply.ts';
import type { Command } from '../core/commands.ts';
import type { Ctx, GameEvent } from '../core/context.ts';
import { newGame, type GameState } from '../core/state.ts';

export const LIGHT: Command = { type: 'light_fire' };
export const STOKE: Command = { type: 'stoke_fire' };
export const GATHER: Command = { type: 'gather_wood' };
export const CHECK_TRAPS: Command = { type: 'check_traps' };
export const BUILD_TRAP: Command = { type: 'build', building: 'trap' };
export const BUILD_CART: Command = { type: 'build', building: 'cart' };

export type Timed = readonly [at: number, command: Command];

/** Applies a command that must be accepted: a refusal means the test's script is wrong, so say so. */
export function mustApply(state: GameState, command: Command, now: number): Step {
  const result = apply(state, command, now);
  if (!result.ok) throw new Error(`${command.type} at ${now} refused: ${result.error.code}`);
  return { state: result.state, events: result.events };
}

/** Plays `script` in order, then advances to `until` when given; every event, in order. */
export function play(state: GameState, script: readonly Timed[], until?: number): Step {
  const events: GameEvent[] = [];
  for (const [at, command] of script) {
    const step = mustApply(state, command, at);
    state = step.state;
    events.push(...step.events);
  }
  if (until !== undefined) {
    const step = advance(state, until);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

/** Later than any script or test horizon (about 31 years of play), and safe through JSON. */
export const NO_EVENT_BEFORE = 1e12;

/**
 * A new game whose random-event roll is put off past any script: the opening's tests are about its
 * own rules, and an event opening mid-script would refuse the script's next command. The RNG is
 * exactly a new game's, so every draw (trap drops, arrivals) is the same. Events have their own
 * tests, and the play-through (playthrough.test.ts) plays with them on.
 */
export function openingGame(seed = 1): GameState {
  const state = newGame(seed);
  state.timers.event = NO_EVENT_BEFORE;
  return state;
}

/** The quickest opening: the fire lit at 0 and nothing else; the builder comes to help at 150 s. */
export const BUILDER_HELPS_AT = 150_000;

export function helpingBuilder(seed = 1): GameState {
  return play(openingGame(seed), [[0, LIGHT]], BUILDER_HELPS_AT).state;
}

/** A copy of `state` with some stores set, for tests that need a particular pile. */
export function withStores(state: GameState, stores: Record<string, number>): GameState {
  return { ...structuredClone(state), stores: { ...state.stores, ...stores } };
}

export function ctxAt(state: GameState, now: number): Ctx {
  return { state, now, events: [] };
}

export function noticeKeys(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'notice' ? [e.key] : []));
}

export function milestoneIds(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'milestone' ? [e.id] : []));
}

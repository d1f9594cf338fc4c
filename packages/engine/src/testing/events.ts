/** Helpers for the event tests: open an event directly, and find a saved rng that rolls a given way. */
import type { Step } from '../advance.ts';
import type { Ctx } from '../core/context.ts';
import { createRng, nextFloat, type RngState } from '../core/rng.ts';
import { newGame, type GameState } from '../core/state.ts';
import { openEvent } from '../events/engine.ts';
import type { Next } from '../events/types.ts';
import { mustApply } from './play.ts';

/** `state` with event `id` open at its start scene (its on-load effects run), as the random roll would. */
export function opened(state: GameState, id: string): Step {
  const ctx: Ctx = { state: structuredClone(state), now: state.clock, events: [] };
  openEvent(ctx, id);
  return { state: ctx.state, events: ctx.events };
}

/**
 * The first rng (seeds 1, 2, …) whose next draws pass `rolls`, which gets a copy to draw from,
 * e.g. `rngWhere((next) => next() < 0.3)` for a 30 % outcome.
 */
export function rngWhere(rolls: (next: () => number) => boolean, from = 1): RngState {
  for (let seed = from; seed < from + 1_000_000; seed++) {
    const probe = createRng(seed);
    if (rolls(() => nextFloat(probe))) return createRng(seed);
  }
  throw new Error('no seed rolls that way');
}

/** `state` with its rng replaced. */
export function withRng(state: GameState, rng: RngState): GameState {
  return { ...structuredClone(state), rng: { ...rng } };
}

/**
 * A new game where nothing else happens for a long while (no random event roll), with `stores`,
 * seen from `location`; tests set the rest of what an event needs.
 */
export function quiet(stores: Record<string, number> = {}, location: GameState['location'] = 'room', seed = 1): GameState {
  const state = newGame(seed);
  state.timers.event = 1e12;
  state.stores = { ...stores };
  state.location = location;
  return state;
}

/** Chooses `button` of the open event through the public `apply`, at the state's own clock; must be accepted. */
export function pick(state: GameState, button: string): Step {
  return mustApply(state, { type: 'event_choose', button }, state.clock);
}

/** A button's `next` as its targets with their chances in whole percent (cumulative thresholds undone). */
export function percentChances(next: Next | undefined, what = 'a landmark button'): 'end' | Record<string, number> {
  if (next === undefined) throw new Error(`${what} always goes somewhere`);
  if (next === 'end') return 'end';
  if (typeof next === 'string') return { [next]: 100 };
  const out: Record<string, number> = {};
  let previous = 0;
  for (const [threshold, scene] of next) {
    out[scene] = (out[scene] ?? 0) + Math.round((threshold - previous) * 100);
    previous = threshold;
  }
  return out;
}

/**
 * What the game looks like between the server's patches. The server sends what a command changed
 * (and what the timers did before it), not each timer as it fires: the client runs the same
 * deterministic timers on the last state it was sent, so it shows what the server holds.
 */
import { advance, nextDueAt, type GameState } from '@smoulder/engine';
import { gameNowAt, type ClockAnchor } from './clock.ts';

/**
 * `base` run on to `at`. `shown` is what was shown before: if it was run from the same base it is
 * taken further rather than recomputed, so a long-open game is not replayed from its last patch
 * at every timer.
 */
export function runTimers(base: GameState, shown: { from: GameState; state: GameState } | null, at: number): GameState {
  const start = shown && shown.from === base ? shown.state : base;
  const due = nextDueAt(start);
  return due !== null && due <= at ? advance(start, at).state : start;
}

/** Local ms until the next timer of `state` falls due on `clock` (null: none will, or time stands still). */
export function msUntilNextTimer(state: GameState, clock: ClockAnchor | null, localNow: number): number | null {
  if (!clock || clock.rate <= 0) return null;
  const due = nextDueAt(state);
  if (due === null) return null;
  return Math.max(0, (due - gameNowAt(clock, localNow)) / clock.rate);
}

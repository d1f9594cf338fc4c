/**
 * Lift-off and the flight's report (spec 07 §2–3, issue 5).
 *
 * - `lift_off { confirmed }`: needs the ship with some hull, home ground, no event, no cooldown; the
 *   first one needs `confirmed: true` (the client asks "leave / linger"; lingering sends nothing).
 *   It draws the flight's seed from the game's RNG and sets `state.flight = { seed, startedAt }`.
 * - The browser flies the flight with the same simulation (./simulation.ts) and sends
 *   `flight_report { inputs, outcome }`. Here it is replayed from the seed with the ship's hull and
 *   thrusters and refused when the log is impossible (`flight/forged`, the key naming why), the
 *   outcome differs (`flight/mismatch`) or it comes too soon (`flight/too_soon`).
 * - Too soon: the report must come at least the simulated length, less a 2 s tolerance, after
 *   lift-off. Both ends are on the game clock, which the server runs at 2× in hyper mode, so the
 *   length is doubled there; hyper mode cannot be switched while a flight is up, so the rate is
 *   the same all through. The flight itself is never sped up (decisions table).
 * - A crash (or a flight given up) grounds the ship for 120 s of real time (240 s of game clock in
 *   hyper mode, as the rate at the crash), nothing lost. An escape calls `finishGame`.
 * - A flight outlives a reload in the save, but its keys so far live only in the page that flew
 *   it, so it cannot be resumed: a page that finds a flight it did not start offers
 *   `flight_abandon`, which counts as a crash.
 * - While a flight is up nothing at home falls due; afterwards every due-time moves on by the
 *   flight's length.
 */
import type { Command, CommandType } from '../core/commands.ts';
import { milestone, notice, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { nextFloat } from '../core/rng.ts';
import { finishGame } from '../endgame/ending.ts';
import { decodeInputs, replayFlight, type InputProblem } from './inputs.ts';
import type { FlightOutcome } from './simulation.ts';

/** Lift-off waits this long after a crash or an abandoned flight, in real (wall) ms. */
export const LIFT_OFF_COOLDOWN_MS = 120_000;
export const LIFT_OFF_COOLDOWN = 'lift_off';
/** How much earlier than its simulated length a report may arrive (latency, a clock a little fast). */
export const FLIGHT_REPORT_TOLERANCE_MS = 2_000;
/**
 * Game ms per wall ms: the server runs the game clock at 2× in hyper mode (decisions table). The
 * flight itself runs in wall time in the browser, so every flight duration on the game clock is its
 * wall duration times this rate. Hyper mode cannot be switched while a flight is on, so the rate at
 * the report is the rate the whole flight was flown at.
 */
export const HYPER_RATE = 2;

export function clockRate(state: GameState): number {
  return state.config.hyperMode ? HYPER_RATE : 1;
}

/** What can still be done with a ship in the air. */
export const ALLOWED_DURING_FLIGHT: ReadonlySet<CommandType> = new Set(['flight_report', 'flight_abandon', 'set_option']);

/** Refuses everything but the flight's own commands (and options other than hyper) while one is on. */
export function flightGate(state: GameState, command: Command): EngineError | null {
  if (!state.flight) return null;
  if (!ALLOWED_DURING_FLIGHT.has(command.type)) return engineError('flight/underway', 'error.flight.underway');
  if (command.type === 'set_option' && command.option === 'hyperMode') return engineError('flight/underway', 'error.flight.underway');
  return null;
}

/** The clock time lift-off is possible again (0 when it is now). */
export function liftOffReadyAt(state: GameState): number {
  return state.cooldowns[LIFT_OFF_COOLDOWN] ?? 0;
}

export function checkLiftOff(state: GameState, confirmed: boolean, now: number): EngineError | null {
  if (state.ending) return engineError('action/unavailable', 'error.action.unavailable');
  if (state.flight) return engineError('flight/underway', 'error.flight.underway');
  if (!state.features.ship || !state.ship) return engineError('action/unavailable', 'error.action.unavailable');
  if (state.location === 'world' || state.expedition) return engineError('world/away', 'error.world.away');
  if (state.ship.hull <= 0) return engineError('action/unavailable', 'error.flight.no_hull');
  const readyAt = liftOffReadyAt(state);
  if (readyAt > now) {
    return engineError('action/cooling_down', 'error.action.cooling_down', { seconds: Math.ceil((readyAt - now) / 1000) });
  }
  if (!state.ship.seenWarning && !confirmed) return engineError('flight/unconfirmed', 'error.flight.unconfirmed');
  return null;
}

/** The ship goes up: a seed for the asteroids from the game's RNG, the time, and the village waits. */
export function liftOff(ctx: Ctx, confirmed: boolean): void {
  const { state } = ctx;
  if (!state.ship) return;
  if (confirmed) state.ship.seenWarning = true;
  const seed = Math.floor(nextFloat(state.rng) * 4294967296) | 0;
  state.flight = { seed, startedAt: ctx.now };
  milestone(ctx, 'lift_off');
}

const FORGED_KEYS: Record<InputProblem, string> = {
  format: 'error.flight.bad_format',
  size: 'error.flight.too_long',
  order: 'error.flight.out_of_order',
  range: 'error.flight.out_of_range',
  mask: 'error.flight.bad_keys',
  after_end: 'error.flight.after_end',
};

function forged(problem: InputProblem): EngineError {
  return engineError('flight/forged', FORGED_KEYS[problem]);
}

/**
 * Re-runs the reported flight from its seed and inputs with the ship as it stands, and refuses a
 * log that could not have been played, an outcome the run does not reach, or a report that comes
 * sooner after lift-off than the flight could have lasted (in game time, at the clock's rate).
 */
export function checkFlightReport(state: GameState, inputs: unknown, outcome: unknown, now: number): EngineError | null {
  const flight = state.flight;
  if (!flight || !state.ship) return engineError('flight/none', 'error.flight.none');
  if (outcome !== 'crashed' && outcome !== 'escaped') return engineError('command/unknown', 'error.command.unknown');
  const decoded = decodeInputs(inputs);
  if (!decoded.ok) return forged(decoded.problem);
  const replay = replayFlight({ seed: flight.seed, hull: state.ship.hull, thrusters: state.ship.thrusters }, decoded.inputs);
  if (!replay.ok) return forged(replay.problem);
  const { result } = replay;
  if (result.outcome !== outcome) {
    const seconds = Math.floor(result.ms / 1000);
    return outcome === 'escaped'
      ? engineError('flight/mismatch', 'error.flight.not_escaped', { seconds })
      : engineError('flight/mismatch', 'error.flight.not_crashed', { seconds });
  }
  const earliest = flight.startedAt + Math.max(0, result.ms - FLIGHT_REPORT_TOLERANCE_MS) * clockRate(state);
  if (now < earliest) return engineError('flight/too_soon', 'error.flight.too_soon', { seconds: Math.ceil((earliest - now) / 1000) });
  return null;
}

/** The flight is over: the village's timers resume (later by the flight's length), then crash or ending. */
export function flightReport(ctx: Ctx, outcome: FlightOutcome): void {
  endFlight(ctx);
  if (outcome === 'escaped') {
    finishGame(ctx);
    return;
  }
  ctx.state.cooldowns[LIFT_OFF_COOLDOWN] = ctx.now + LIFT_OFF_COOLDOWN_MS * clockRate(ctx.state);
  notice(ctx, 'notice.flight.crashed');
}

export function checkAbandon(state: GameState): EngineError | null {
  return state.flight ? null : engineError('flight/none', 'error.flight.none');
}

/**
 * A flight the browser lost (a reload, a closed tab): it counts as a crash, without its replay. The
 * same cooldown keeps a player from throwing away fields of asteroids until an easy one comes.
 */
export function abandonFlight(ctx: Ctx): void {
  endFlight(ctx);
  ctx.state.cooldowns[LIFT_OFF_COOLDOWN] = ctx.now + LIFT_OFF_COOLDOWN_MS * clockRate(ctx.state);
  notice(ctx, 'notice.flight.abandoned');
}

/**
 * While the ship is in the air nothing at home falls due (spec 07 §3: income is suspended; we hold
 * every timer so no event can open under the flight). When it ends, each due-time is moved later by
 * the time the flight took, so the village carries on where it stopped.
 */
function endFlight(ctx: Ctx): void {
  const { state } = ctx;
  const flight = state.flight;
  state.flight = null;
  if (!flight) return;
  const paused = Math.max(0, ctx.now - flight.startedAt);
  for (const key of Object.keys(state.income)) state.income[key] += paused;
  const timers = state.timers as unknown as Record<string, number | null>;
  for (const key of Object.keys(timers)) {
    const due = timers[key];
    if (due !== null) timers[key] = due + paused;
  }
  for (const payout of state.payouts) payout.dueAt += paused;
}

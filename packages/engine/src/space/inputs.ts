import { FLIGHT_TICKS, KEY_MASK_MAX, TICK_MS, createSimulation, step, type FlightOutcome, type FlightSetup, type Simulation } from './simulation.ts';

/**
 * The flight's input log: the held keys as they change, `[tick, mask]` (from `tick` on, `mask` is
 * held; before the first entry nothing is). On the wire it is one string, three base64url
 * characters an entry: two for the tick (0–4 095) and one for the mask (0–63, of which 0–15 are
 * keys), so the longest log allowed (MAX_INPUT_ENTRIES) fits in one client frame.
 */
export type InputChange = readonly [tick: number, mask: number];

/** At most this many changes: 20 a second for the whole minute, far beyond any hand. */
export const MAX_INPUT_ENTRIES = 1200;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const CHAR_VALUE: ReadonlyMap<string, number> = new Map([...ALPHABET].map((c, i) => [c, i]));
/** Longest encoded log. */
export const MAX_INPUT_CHARS = MAX_INPUT_ENTRIES * 3;

export function encodeInputs(inputs: readonly InputChange[]): string {
  let out = '';
  for (const [tick, mask] of inputs) {
    if (!Number.isInteger(tick) || tick < 0 || tick > 4095 || !Number.isInteger(mask) || mask < 0 || mask > 63) {
      throw new RangeError(`input [${tick}, ${mask}] cannot be encoded`);
    }
    out += ALPHABET[tick >> 6] + ALPHABET[tick & 63] + ALPHABET[mask];
  }
  return out;
}

export type InputProblem = 'format' | 'size' | 'order' | 'range' | 'mask' | 'after_end';

export type Decoded = { ok: true; inputs: InputChange[] } | { ok: false; problem: InputProblem };

/**
 * Reads a log and checks what can be checked without running it: the characters, the number of
 * entries, ticks strictly increasing and inside the flight, masks naming only the four keys.
 */
export function decodeInputs(encoded: unknown): Decoded {
  if (typeof encoded !== 'string' || encoded.length % 3 !== 0) return { ok: false, problem: 'format' };
  if (encoded.length > MAX_INPUT_CHARS) return { ok: false, problem: 'size' };
  const inputs: InputChange[] = [];
  let last = -1;
  for (let i = 0; i < encoded.length; i += 3) {
    const hi = CHAR_VALUE.get(encoded[i]);
    const lo = CHAR_VALUE.get(encoded[i + 1]);
    const mask = CHAR_VALUE.get(encoded[i + 2]);
    if (hi === undefined || lo === undefined || mask === undefined) return { ok: false, problem: 'format' };
    const tick = hi * 64 + lo;
    if (tick <= last) return { ok: false, problem: 'order' };
    if (tick >= FLIGHT_TICKS) return { ok: false, problem: 'range' };
    if (mask > KEY_MASK_MAX) return { ok: false, problem: 'mask' };
    inputs.push([tick, mask]);
    last = tick;
  }
  return { ok: true, inputs };
}

export interface FlightResult {
  outcome: FlightOutcome;
  /** Ticks the flight lasted. */
  ticks: number;
  /** Simulated length in ms (ticks × 33). */
  ms: number;
  hull: number;
  hits: number;
}

/**
 * Replays a flight from its seed and inputs to its end: the same code the browser runs, tick by
 * tick. An input at or after the tick the flight ended on could not have been given: `after_end`.
 */
export function replayFlight(setup: FlightSetup, inputs: readonly InputChange[]): { ok: true; result: FlightResult } | { ok: false; problem: InputProblem } {
  const sim = createSimulation(setup);
  let mask = 0;
  let next = 0;
  while (!sim.outcome) {
    while (next < inputs.length && inputs[next][0] <= sim.tick) mask = inputs[next++][1];
    step(sim, mask);
  }
  if (next < inputs.length) return { ok: false, problem: 'after_end' };
  return { ok: true, result: resultOf(sim) };
}

export function resultOf(sim: Simulation): FlightResult {
  return { outcome: sim.outcome ?? 'crashed', ticks: sim.tick, ms: sim.tick * TICK_MS, hull: sim.hull, hits: sim.hits };
}

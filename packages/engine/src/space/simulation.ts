import { createRng, nextFloat, type RngState } from '../core/rng.ts';

/**
 * The space flight (spec 07 §3) as a fixed-tick simulation the browser and the server both run.
 *
 * Determinism: everything that decides the outcome is integer arithmetic. The ship's position is
 * kept in thousandths of a pixel, an asteroid's height is never stored but compared as a product of
 * integers, and the only fractions are the RNG's draws (a 32-bit integer divided by 2^32, times an
 * integer, floored), which IEEE-754 gives bit for bit in every engine. No trigonometry, roots or powers: the
 * diagonal √2 is the integer ratio DIAGONAL_NUM / DIAGONAL_DEN. Same seed, hull, thrusters and
 * inputs ⇒ the same run, in Node and in any browser.
 *
 * Time: one tick is 33 ms (the original's movement frame), so the ship moves `3 + thrusters` px per
 * tick. The flight is won at the first tick at or after 60 000 ms: tick 1 819 (60 027 ms).
 */

export const TICK_MS = 33;
export const FLIGHT_MS = 60_000;
/** Ticks in a flight that is won: the first whose time reaches 60 s. */
export const FLIGHT_TICKS = Math.ceil(FLIGHT_MS / TICK_MS);

export const FIELD_SIZE = 700;
/** Sub-pixel units per pixel for the ship's position. */
export const SUBPIXEL = 1000;
export const SHIP_MIN = 10;
export const SHIP_MAX = 690;
export const SHIP_START = 350;

/** The asteroid's hitbox: a 32 px glyph drawn with its top-left at (x, top), taken as 20 × 32 px. */
export const ASTEROID_WIDTH = 20;
export const ASTEROID_HEIGHT = 32;
export const ASTEROID_FROM = -40;
export const ASTEROID_TO = 740;
export const ASTEROID_GLYPHS = 5;

/** 1/√2 ≈ 70 711 / 100 000 (the diagonal's share of the speed on each axis). */
const DIAGONAL_NUM = 70_711;
const DIAGONAL_DEN = 100_000;

/** Held keys, one bit each. Up wins over down, left over right. */
export const KEY_UP = 1;
export const KEY_DOWN = 2;
export const KEY_LEFT = 4;
export const KEY_RIGHT = 8;
export const KEY_MASK_MAX = 15;

export interface Asteroid {
  id: number;
  /** Left edge, an integer in [0, 699]. */
  x: number;
  /** Simulation ms the asteroid appeared at y = −40; it reaches y = 740 at `spawnAt + fall`. */
  spawnAt: number;
  fall: number;
  /** Which of the five glyphs is drawn (cosmetic, but drawn from the same RNG). */
  glyph: number;
}

export type FlightOutcome = 'crashed' | 'escaped';

export interface Simulation {
  rng: RngState;
  tick: number;
  hull: number;
  thrusters: number;
  /** The ship's point, in sub-pixels. */
  x: number;
  y: number;
  asteroids: Asteroid[];
  /** Simulation ms of the next wave. */
  nextWaveAt: number;
  nextId: number;
  /** Hits taken so far. */
  hits: number;
  outcome: FlightOutcome | null;
}

export interface FlightSetup {
  seed: number;
  hull: number;
  thrusters: number;
}

/** Altitude at a simulation time: one a second, stopping at 60. */
export function altitudeAt(ms: number): number {
  return Math.min(60, Math.floor(ms / 1000));
}

/** How many asteroids a wave brings at an altitude: 1, 2, 4 or 6. */
export function waveSize(altitude: number): number {
  return 1 + (altitude > 10 ? 1 : 0) + (altitude > 20 ? 2 : 0) + (altitude > 40 ? 2 : 0);
}

/** Gap to the next wave after one at this altitude: 1 000 ms at launch, 400 ms near the end. */
export function waveGap(altitude: number): number {
  return 1000 - 10 * altitude;
}

export function createSimulation(setup: FlightSetup): Simulation {
  const sim: Simulation = {
    rng: createRng(setup.seed),
    tick: 0,
    hull: Math.max(0, Math.floor(setup.hull)),
    thrusters: Math.max(0, Math.floor(setup.thrusters)),
    x: SHIP_START * SUBPIXEL,
    y: SHIP_START * SUBPIXEL,
    asteroids: [],
    nextWaveAt: 0,
    nextId: 0,
    hits: 0,
    outcome: null,
  };
  if (sim.hull <= 0) sim.outcome = 'crashed';
  spawnDue(sim, 0);
  return sim;
}

/** Speed along each axis, in sub-pixels per tick: straight, and on a diagonal. */
function speeds(thrusters: number): { straight: number; diagonal: number } {
  const straight = (3 + thrusters) * SUBPIXEL;
  return { straight, diagonal: Math.floor((straight * DIAGONAL_NUM) / DIAGONAL_DEN) };
}

/** −1, 0 or 1 on each axis from the held keys. */
export function direction(mask: number): { dx: number; dy: number } {
  const dy = mask & KEY_UP ? -1 : mask & KEY_DOWN ? 1 : 0;
  const dx = mask & KEY_LEFT ? -1 : mask & KEY_RIGHT ? 1 : 0;
  return { dx, dy };
}

const clamp = (v: number) => Math.min(SHIP_MAX * SUBPIXEL, Math.max(SHIP_MIN * SUBPIXEL, v));

/**
 * One tick with `mask` held: the ship moves, time moves on 33 ms, due waves appear, asteroids that
 * have fallen past the field go, and every asteroid the ship is inside costs a hull point. The
 * outcome is set when the hull is gone or the time is up. Changes `sim` in place.
 */
export function step(sim: Simulation, mask: number): void {
  if (sim.outcome) return;
  const { dx, dy } = direction(mask);
  const { straight, diagonal } = speeds(sim.thrusters);
  const v = dx !== 0 && dy !== 0 ? diagonal : straight;
  sim.x = clamp(sim.x + dx * v);
  sim.y = clamp(sim.y + dy * v);

  const before = sim.tick * TICK_MS;
  sim.tick += 1;
  const now = sim.tick * TICK_MS;
  spawnDue(sim, now);

  const kept: Asteroid[] = [];
  for (const a of sim.asteroids) {
    if (sim.hull > 0 && hits(sim, a, before, now)) {
      sim.hull -= 1;
      sim.hits += 1;
      continue;
    }
    if (now < a.spawnAt + a.fall) kept.push(a);
  }
  sim.asteroids = kept;
  if (sim.hull <= 0) sim.outcome = 'crashed';
  else if (now >= FLIGHT_MS) sim.outcome = 'escaped';
}

/**
 * Whether the ship's point lies in the asteroid's box at some moment of the tick. A fast asteroid
 * falls up to 49 px in 33 ms, more than its 32 px box, so the box is swept from where it was at the
 * tick's start (or where it appeared) to where it is at its end:
 * `x ≤ shipX ≤ x + 20` and `top(start) ≤ shipY ≤ top(end) + 32`, all in integers:
 * `top(t) = −40 + 780 · (t − spawnAt) / fall`, multiplied through by `fall · SUBPIXEL`.
 */
function hits(sim: Simulation, a: Asteroid, before: number, now: number): boolean {
  if (sim.x < a.x * SUBPIXEL || sim.x > (a.x + ASTEROID_WIDTH) * SUBPIXEL) return false;
  const end = Math.min(now, a.spawnAt + a.fall);
  const start = Math.max(before, a.spawnAt);
  if (end < start) return false;
  const span = ASTEROID_TO - ASTEROID_FROM;
  const yScaled = sim.y * a.fall; // shipY · fall · SUBPIXEL
  const topStart = (ASTEROID_FROM * a.fall + span * (start - a.spawnAt)) * SUBPIXEL;
  const bottomEnd = (ASTEROID_FROM * a.fall + span * (end - a.spawnAt) + ASTEROID_HEIGHT * a.fall) * SUBPIXEL;
  return topStart <= yScaled && yScaled <= bottomEnd;
}

/** Every wave due by `now`, each at its own time, drawn in order from the flight's RNG. */
function spawnDue(sim: Simulation, now: number): void {
  while (sim.nextWaveAt <= now && sim.nextWaveAt < FLIGHT_MS) {
    const at = sim.nextWaveAt;
    const altitude = altitudeAt(at);
    for (let i = waveSize(altitude); i > 0; i--) {
      const x = Math.floor(nextFloat(sim.rng) * FIELD_SIZE);
      const fall = 1500 - Math.floor(nextFloat(sim.rng) * 975);
      const glyph = Math.floor(nextFloat(sim.rng) * ASTEROID_GLYPHS);
      sim.asteroids.push({ id: sim.nextId++, x, spawnAt: at, fall, glyph });
    }
    sim.nextWaveAt = at + waveGap(altitude);
  }
}

/** An asteroid's top edge at a simulation time, in pixels (for drawing; the rules use `hits`). */
export function asteroidTop(a: Asteroid, ms: number): number {
  return ASTEROID_FROM + ((ASTEROID_TO - ASTEROID_FROM) * (ms - a.spawnAt)) / a.fall;
}

/** Deep copy (the driver keeps the previous tick to interpolate between). */
export function cloneSimulation(sim: Simulation): Simulation {
  return { ...sim, rng: { ...sim.rng }, asteroids: sim.asteroids.map((a) => ({ ...a })) };
}

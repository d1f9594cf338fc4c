import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.ts';
import { advance, nextDueAt } from '../advance.ts';
import type { Command } from '../core/commands.ts';
import { newGame, type GameState } from '../core/state.ts';
import { fly } from '../testing/pilot.ts';
import { decodeInputs, encodeInputs, MAX_INPUT_ENTRIES, replayFlight, type InputChange } from './inputs.ts';
import { LIFT_OFF_COOLDOWN_MS, FLIGHT_REPORT_TOLERANCE_MS } from './flight.ts';
import {
  altitudeAt,
  cloneSimulation,
  createSimulation,
  FLIGHT_TICKS,
  KEY_DOWN,
  KEY_LEFT,
  KEY_RIGHT,
  KEY_UP,
  step,
  SUBPIXEL,
  TICK_MS,
  waveGap,
  waveSize,
  type Simulation,
} from './simulation.ts';

/** A fixed flight and a log the test pilot found for it (0 hits); the sim changing breaks this on purpose. */
const FIXTURE = {
  setup: { seed: 20261203, hull: 3, thrusters: 1 },
  inputs: 'JbCJdEJeIJgEJiIJnASPESQATZETdITjAT0ET1AUGEUHAXDEXHIXJEXMAZ2IZ5EZ7IZ9EaBAatIawAbeCbgJbhFbjIblEboAcXJcZA',
};

function run(setup: { seed: number; hull: number; thrusters: number }, inputs: readonly InputChange[]) {
  const result = replayFlight(setup, inputs);
  if (!result.ok) throw new Error(result.problem);
  return result.result;
}

describe('the flight simulation', () => {
  it('moves 3 + thrusters px a tick, up over down, left over right, diagonals by 1/√2, inside [10, 690]', () => {
    const sim = createSimulation({ seed: 1, hull: 5, thrusters: 2 });
    step(sim, KEY_UP | KEY_DOWN);
    expect([sim.x, sim.y]).toEqual([350 * SUBPIXEL, 345 * SUBPIXEL]);
    step(sim, KEY_LEFT | KEY_RIGHT);
    expect(sim.x).toBe(345 * SUBPIXEL);
    step(sim, KEY_DOWN | KEY_RIGHT);
    expect(sim.x).toBe(345 * SUBPIXEL + 3535);
    expect(sim.y).toBe(345 * SUBPIXEL + 3535);
    for (let i = 0; i < 200; i++) step(sim, KEY_UP | KEY_LEFT);
    expect([sim.x, sim.y]).toEqual([10 * SUBPIXEL, 10 * SUBPIXEL]);
  });

  it('climbs a metre a second, with waves of 1/2/4/6 every 1 000 − 10 × altitude ms', () => {
    expect([altitudeAt(0), altitudeAt(999), altitudeAt(1000), altitudeAt(61_000)]).toEqual([0, 0, 1, 60]);
    expect([waveSize(10), waveSize(11), waveSize(21), waveSize(41)]).toEqual([1, 2, 4, 6]);
    expect([waveGap(0), waveGap(59)]).toEqual([1000, 410]);
    const sim = createSimulation({ seed: 7, hull: 1000, thrusters: 1 });
    expect(sim.asteroids).toHaveLength(1);
    const seen = new Map<number, { x: number; fall: number; spawnAt: number }>();
    while (!sim.outcome) {
      for (const a of sim.asteroids) seen.set(a.id, a);
      step(sim, 0);
    }
    for (const a of seen.values()) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x).toBeLessThanOrEqual(699);
      expect(a.fall).toBeGreaterThanOrEqual(525);
      expect(a.fall).toBeLessThanOrEqual(1500);
    }
    // The first waves: one at 0, 1 000, 1 990 (altitude 1), …
    expect([...seen.values()].slice(0, 3).map((a) => a.spawnAt)).toEqual([0, 1000, 1990]);
  });

  it('ends at 60 s (tick 1 819) when the hull holds, and crashes when it is gone', () => {
    expect(FLIGHT_TICKS).toBe(1819);
    const won = run({ seed: 3, hull: 1000, thrusters: 1 }, []);
    expect(won).toMatchObject({ outcome: 'escaped', ticks: 1819, ms: 1819 * TICK_MS });
    expect(won.hits).toBeGreaterThan(0);
    const lost = run({ seed: 3, hull: 1, thrusters: 1 }, []);
    expect(lost.outcome).toBe('crashed');
    expect(lost.ticks).toBeLessThan(1819);
    expect(lost.hull).toBe(0);
  });

  it('same seed and inputs give the same run; the state survives a JSON round trip mid-flight', () => {
    const inputs = decodeInputs(FIXTURE.inputs);
    if (!inputs.ok) throw new Error('fixture');
    const a = createSimulation(FIXTURE.setup);
    const trace: string[] = [];
    let copy: Simulation | null = null;
    let mask = 0;
    let next = 0;
    while (!a.outcome) {
      while (next < inputs.inputs.length && inputs.inputs[next][0] <= a.tick) mask = inputs.inputs[next++][1];
      step(a, mask);
      trace.push(`${a.x},${a.y},${a.hull},${a.asteroids.length}`);
      if (a.tick === 900) copy = JSON.parse(JSON.stringify(a)) as Simulation;
    }
    // Continue the copy from tick 900 with the same inputs: the same end.
    const b = copy!;
    mask = 0;
    next = 0;
    const tail: string[] = [];
    while (!b.outcome) {
      while (next < inputs.inputs.length && inputs.inputs[next][0] <= b.tick) mask = inputs.inputs[next++][1];
      step(b, mask);
      tail.push(`${b.x},${b.y},${b.hull},${b.asteroids.length}`);
    }
    expect(tail).toEqual(trace.slice(900));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(cloneSimulation(a)).toEqual(a);
  });

  it('the fixture log survives its seed with a three-point hull, and a pilot can be found for other seeds', () => {
    const decoded = decodeInputs(FIXTURE.inputs);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(run(FIXTURE.setup, decoded.inputs)).toMatchObject({ outcome: 'escaped', hits: 0, hull: 3 });
    // Without the log the same ship goes down.
    expect(run(FIXTURE.setup, []).outcome).toBe('crashed');
    const found = fly({ seed: 99, hull: 2, thrusters: 0 });
    expect(found.outcome).toBe('escaped');
    expect(run({ seed: 99, hull: 2, thrusters: 0 }, found.inputs).outcome).toBe('escaped');
  });

  it('encodes the log three characters an entry and reads it back', () => {
    const inputs: InputChange[] = [
      [0, 0],
      [1, 15],
      [64, 5],
      [1818, 10],
    ];
    const encoded = encodeInputs(inputs);
    expect(encoded).toHaveLength(12);
    expect(decodeInputs(encoded)).toEqual({ ok: true, inputs });
    expect(decodeInputs(JSON.parse(JSON.stringify(encoded)))).toEqual({ ok: true, inputs });
  });

  it('refuses logs that cannot have been played, naming the problem', () => {
    expect(decodeInputs('AB')).toEqual({ ok: false, problem: 'format' });
    expect(decodeInputs('AB*')).toEqual({ ok: false, problem: 'format' });
    expect(decodeInputs(42)).toEqual({ ok: false, problem: 'format' });
    expect(decodeInputs(encodeInputs([[5, 1], [5, 2]]))).toEqual({ ok: false, problem: 'order' });
    expect(decodeInputs(encodeInputs([[6, 1], [5, 2]]))).toEqual({ ok: false, problem: 'order' });
    expect(decodeInputs(encodeInputs([[1819, 1]]))).toEqual({ ok: false, problem: 'range' });
    expect(decodeInputs(encodeInputs([[3, 16]]))).toEqual({ ok: false, problem: 'mask' });
    const many = Array.from({ length: MAX_INPUT_ENTRIES + 1 }, (_, i) => [i, i % 2] as InputChange);
    expect(decodeInputs(encodeInputs(many))).toEqual({ ok: false, problem: 'size' });
    const crash = run({ seed: 3, hull: 1, thrusters: 1 }, []);
    expect(replayFlight({ seed: 3, hull: 1, thrusters: 1 }, [[crash.ticks, KEY_UP]])).toEqual({ ok: false, problem: 'after_end' });
  });

  it('uses no maths that could differ between engines', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const text = readFileSync(join(dir, name), 'utf8');
      const maths = [...text.matchAll(/Math\.(\w+)/g)].map((m) => m[1]);
      expect(maths.filter((fn) => !['floor', 'ceil', 'min', 'max', 'abs', 'imul'].includes(fn)), name).toEqual([]);
    }
  });
});

/** A game at home with the ship ready: hull 3, one thruster, never flown. */
function readyGame(): GameState {
  const state = advance(newGame(11), 1_000).state;
  state.features.ship = true;
  state.ship = { hull: 3, thrusters: 1, seenWarning: false };
  state.income = { gatherer: 5_000 };
  return state;
}

function ok(state: GameState, command: Command, now: number): GameState {
  const result = apply(state, command, now);
  if (!result.ok) throw new Error(`${command.type}: ${result.error.key}`);
  return result.state;
}

function refused(state: GameState, command: Command, now: number) {
  const result = apply(state, command, now);
  if (result.ok) throw new Error(`${command.type} was accepted`);
  return result.error;
}

function launched(hull = 3): GameState {
  const state = readyGame();
  state.ship!.hull = hull;
  return ok(state, { type: 'lift_off', confirmed: true }, 2_000);
}

const report = (inputs: string, outcome: 'crashed' | 'escaped'): Command => ({ type: 'flight_report', inputs, outcome });

/** A log the pilot finds for this game's flight. */
function winningLog(state: GameState): string {
  const found = fly({ seed: state.flight!.seed, hull: state.ship!.hull, thrusters: state.ship!.thrusters });
  expect(found.outcome).toBe('escaped');
  return encodeInputs(found.inputs);
}

const FULL = FLIGHT_TICKS * TICK_MS;

describe('lift-off and the flight report', () => {
  it('the first lift-off asks to be confirmed; it then draws a seed, marks the warning seen and the milestone', () => {
    const state = readyGame();
    expect(refused(state, { type: 'lift_off', confirmed: false }, 2_000).code).toBe('flight/unconfirmed');
    const result = apply(state, { type: 'lift_off', confirmed: true }, 2_000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.flight).toEqual({ seed: expect.any(Number), startedAt: 2_000 });
    expect(Number.isInteger(result.state.flight!.seed)).toBe(true);
    expect(result.state.ship!.seenWarning).toBe(true);
    expect(result.state.milestones.lift_off).toBe(2_000);
    expect(result.events).toContainEqual({ type: 'milestone', id: 'lift_off' });
    expect(result.state.rng.state).not.toBe(state.rng.state);
  });

  it('needs the ship, some hull, home ground and no flight already up', () => {
    const none = advance(newGame(11), 1_000).state;
    expect(refused(none, { type: 'lift_off', confirmed: true }, 2_000).code).toBe('action/unavailable');
    const empty = readyGame();
    empty.ship!.hull = 0;
    expect(refused(empty, { type: 'lift_off', confirmed: true }, 2_000)).toMatchObject({ code: 'action/unavailable', key: 'error.flight.no_hull' });
    const up = launched();
    expect(refused(up, { type: 'lift_off', confirmed: true }, 3_000).code).toBe('flight/underway');
  });

  it('holds the village while the ship is up, and only the flight and the options can be touched', () => {
    const up = launched();
    expect(nextDueAt(up)).toBeNull();
    expect(refused(up, { type: 'gather_wood' }, 3_000).code).toBe('flight/underway');
    expect(refused(up, { type: 'set_option', option: 'hyperMode', value: true }, 3_000).code).toBe('flight/underway');
    expect(apply(up, { type: 'set_option', option: 'lightsOff', value: true }, 3_000).ok).toBe(true);
    // Nothing ran while it was up; afterwards each timer is as far off as it was at lift-off.
    const income = up.income.gatherer;
    const later = advance(up, 100_000).state;
    expect(later.income.gatherer).toBe(income);
    const down = ok(later, { type: 'flight_abandon' }, 100_000);
    expect(down.income.gatherer).toBe(income + (100_000 - 2_000));
    expect(down.timers.event).toBe(up.timers.event + 98_000);
  });

  it('a crash grounds the ship for 120 s and costs nothing', () => {
    const up = launched(1);
    const crash = run({ seed: up.flight!.seed, hull: 1, thrusters: 1 }, []);
    expect(crash.outcome).toBe('crashed');
    const at = 2_000 + crash.ms;
    const down = ok(up, report('', 'crashed'), at);
    expect(down.flight).toBeNull();
    expect(down.ship).toEqual({ hull: 1, thrusters: 1, seenWarning: true });
    expect(down.ending).toBeNull();
    expect(refused(down, { type: 'lift_off', confirmed: false }, at + LIFT_OFF_COOLDOWN_MS - 1)).toMatchObject({
      code: 'action/cooling_down',
      params: { seconds: 1 },
    });
    // Later lift-offs need no confirmation.
    expect(ok(down, { type: 'lift_off', confirmed: false }, at + LIFT_OFF_COOLDOWN_MS).flight).not.toBeNull();
  });

  it('in hyper mode the game clock runs 2×, so the cooldown and the earliest report are twice as far on it', () => {
    const state = readyGame();
    state.config.hyperMode = true;
    state.ship!.hull = 1;
    const up = ok(state, { type: 'lift_off', confirmed: true }, 2_000);
    const crash = run({ seed: up.flight!.seed, hull: 1, thrusters: 1 }, []);
    const soon = 2_000 + crash.ms; // right on time at 1×, too soon at 2×
    expect(refused(up, report('', 'crashed'), soon).code).toBe('flight/too_soon');
    const at = 2_000 + crash.ms * 2;
    const down = ok(up, report('', 'crashed'), at);
    expect(refused(down, { type: 'lift_off', confirmed: false }, at + LIFT_OFF_COOLDOWN_MS).code).toBe('action/cooling_down');
    expect(apply(down, { type: 'lift_off', confirmed: false }, at + 2 * LIFT_OFF_COOLDOWN_MS).ok).toBe(true);
  });

  it('an escape ends the game', () => {
    const up = launched();
    const log = winningLog(up);
    const won = apply(JSON.parse(JSON.stringify(up)) as GameState, JSON.parse(JSON.stringify(report(log, 'escaped'))) as Command, 2_000 + FULL);
    expect(won.ok).toBe(true);
    if (!won.ok) return;
    expect(won.state.flight).toBeNull();
    expect(won.state.ending).not.toBeNull();
  });

  it('refuses a report too soon after lift-off, allowing the tolerance', () => {
    const up = launched();
    const log = winningLog(up);
    expect(refused(up, report(log, 'escaped'), 2_000 + 5_000)).toMatchObject({ code: 'flight/too_soon', key: 'error.flight.too_soon' });
    expect(refused(up, report(log, 'escaped'), 2_000 + FULL - FLIGHT_REPORT_TOLERANCE_MS - 1).code).toBe('flight/too_soon');
    expect(apply(up, report(log, 'escaped'), 2_000 + FULL - FLIGHT_REPORT_TOLERANCE_MS).ok).toBe(true);
  });

  it('refuses an outcome the replay does not reach', () => {
    const up = launched(1);
    expect(refused(up, report('', 'escaped'), 2_000 + FULL)).toMatchObject({ code: 'flight/mismatch', key: 'error.flight.not_escaped' });
    const winner = launched();
    expect(refused(winner, report(winningLog(winner), 'crashed'), 2_000 + FULL)).toMatchObject({
      code: 'flight/mismatch',
      key: 'error.flight.not_crashed',
    });
  });

  it('refuses a forged log with its reason, and leaves the flight up', () => {
    const up = launched();
    const at = 2_000 + FULL;
    const cases: [string, string][] = [
      ['ABCD', 'error.flight.bad_format'],
      ['AB!', 'error.flight.bad_format'],
      [encodeInputs([[10, 1], [10, 2]]), 'error.flight.out_of_order'],
      [encodeInputs([[10, 1], [4, 2]]), 'error.flight.out_of_order'],
      [encodeInputs([[2000, 1]]), 'error.flight.out_of_range'],
      [encodeInputs([[10, 17]]), 'error.flight.bad_keys'],
      [encodeInputs(Array.from({ length: MAX_INPUT_ENTRIES + 1 }, (_, i) => [i, i % 2] as InputChange)), 'error.flight.too_long'],
    ];
    for (const [inputs, key] of cases) {
      expect(refused(up, report(inputs, 'escaped'), at), key).toMatchObject({ code: 'flight/forged', key });
    }
    const crashing = launched(1);
    const crash = run({ seed: crashing.flight!.seed, hull: 1, thrusters: 1 }, []);
    expect(refused(crashing, report(encodeInputs([[crash.ticks, 1]]), 'crashed'), at)).toMatchObject({
      code: 'flight/forged',
      key: 'error.flight.after_end',
    });
    expect(refused(readyGame(), report('', 'crashed'), at).code).toBe('flight/none');
    expect(refused(readyGame(), { type: 'flight_abandon' }, at).code).toBe('flight/none');
  });

  it('the flight survives a save and reload; an abandoned one counts as a crash', () => {
    const up = launched();
    const reloaded = JSON.parse(JSON.stringify(up)) as GameState;
    expect(reloaded.flight).toEqual(up.flight);
    const log = winningLog(reloaded);
    expect(apply(reloaded, report(log, 'escaped'), 2_000 + FULL).ok).toBe(true);
    const gone = ok(reloaded, { type: 'flight_abandon' }, 10_000);
    expect(gone.flight).toBeNull();
    expect(gone.cooldowns.lift_off).toBe(10_000 + LIFT_OFF_COOLDOWN_MS);
  });
});

import { describe, expect, it } from 'vitest';
import {
  apply,
  decodeInputs,
  KEY_DOWN,
  KEY_LEFT,
  KEY_RIGHT,
  KEY_UP,
  newGame,
  replayFlight,
  TICK_MS,
  FLIGHT_TICKS,
  MAX_INPUT_ENTRIES,
  type GameState,
  type InputChange,
} from '@smoulder/engine';
import { fly } from '../../../../../packages/engine/src/testing/pilot.ts';
import { FlightDriver, MAX_FRAME_MS } from './driver.ts';
import { drawFlight, ROCKS, SHIP } from './draw.ts';
import { HeldKeys, keyBit } from './keys.ts';
import { armFlight, layerAt, takeFlight } from './launch.ts';

const SETUP = { seed: 20261203, hull: 3, thrusters: 1 };

/** A restless player: the keys change every few hundred ms, in a pattern fixed by `salt`. */
function restless(salt: number) {
  const masks = [0, KEY_UP, KEY_UP | KEY_LEFT, KEY_LEFT, KEY_DOWN | KEY_LEFT, KEY_DOWN, KEY_DOWN | KEY_RIGHT, KEY_RIGHT, KEY_UP | KEY_RIGHT];
  return (ms: number) => masks[(Math.floor(ms / (170 + salt * 13)) * (salt + 5)) % masks.length];
}

/** Plays a whole flight at a display rate, as the view does: keys set, then a frame. */
function playAt(hz: number, hull: number, salt: number, jitter = 0): FlightDriver {
  const driver = new FlightDriver({ ...SETUP, hull });
  const keys = restless(salt);
  let time = 1000;
  driver.frame(time);
  for (let i = 0; !driver.result && i < 100_000; i++) {
    driver.setKeys(keys(time - 1000));
    time += 1000 / hz + (jitter ? ((i * 7919) % 11) * jitter : 0);
    driver.frame(time);
  }
  return driver;
}

/** The server's side: the report judged by the engine on a game with this flight up. */
function judged(driver: FlightDriver, hull: number) {
  const report = driver.report()!;
  let state: GameState = newGame(5);
  state.features.ship = true;
  state.ship = { hull, thrusters: SETUP.thrusters, seenWarning: true };
  state.flight = { seed: SETUP.seed, startedAt: 0 };
  return apply(state, { type: 'flight_report', inputs: report.inputs, outcome: report.outcome }, driver.result!.ms * 2);
}

describe('the flight driver', () => {
  it.each([
    [30, 2, 0],
    [60, 3, 1],
    [144, 1, 0.5],
    [60, 50, 2],
  ])('at %i Hz (hull %i) records a log the server replays to the same end', (hz, hull, salt) => {
    const driver = playAt(hz, hull, salt, 0.7);
    const result = driver.result!;
    expect(result).not.toBeNull();
    const decoded = decodeInputs(driver.report()!.inputs);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.inputs.length).toBeGreaterThan(10);
    const replay = replayFlight({ ...SETUP, hull }, decoded.inputs);
    expect(replay).toEqual({ ok: true, result });
    const verdict = judged(driver, hull);
    expect(verdict.ok).toBe(true);
  });

  it('flies the pilot’s log to an escape that the server accepts, however the frames fall', () => {
    const pilot = fly(SETUP);
    expect(pilot.outcome).toBe('escaped');
    for (const hz of [24, 60, 165]) {
      const driver = new FlightDriver(SETUP);
      const byTick = new Map<number, number>(pilot.inputs.map(([tick, mask]) => [tick, mask]));
      let time = 0;
      driver.frame(time);
      let mask = 0;
      while (!driver.result) {
        // Keys change just before the tick they belong to runs, as a player's would between frames.
        time += 1000 / hz;
        const ticksDue = Math.floor(time / TICK_MS) - driver.sim.tick;
        for (let i = 0; i < ticksDue && !driver.result; i++) {
          mask = byTick.get(driver.sim.tick) ?? mask;
          driver.setKeys(mask);
          driver.tick();
        }
      }
      expect(driver.result).toMatchObject({ outcome: 'escaped', ticks: FLIGHT_TICKS });
      expect(driver.inputs).toEqual(pilot.inputs as InputChange[]);
      expect(judged(driver, SETUP.hull).ok).toBe(true);
    }
  });

  it('waits out a stall instead of jumping, and interpolates between ticks', () => {
    const driver = new FlightDriver(SETUP);
    driver.frame(0);
    expect(driver.frame(10_000)).toBe(Math.floor(MAX_FRAME_MS / TICK_MS));
    const before = driver.sim.tick;
    driver.setKeys(KEY_RIGHT);
    // 250 ms ran 7 ticks and left 19 ms over: 14 ms more is one tick, then half a tick's wait.
    expect(driver.frame(10_014)).toBe(1);
    expect(driver.frame(10_014 + TICK_MS / 2)).toBe(0);
    expect(driver.sim.tick).toBe(before + 1);
    expect(driver.alpha).toBeCloseTo(0.5);
    const at = driver.shipAt();
    expect(at.x).toBeGreaterThan(driver.prev.x / 1000);
    expect(at.x).toBeLessThan(driver.sim.x / 1000);
    expect(driver.displayMs).toBeGreaterThan(driver.prev.tick * TICK_MS);
  });

  it('stops recording when the log is full rather than sending one the server refuses', () => {
    const driver = new FlightDriver({ ...SETUP, hull: 1000 });
    for (let i = 0; !driver.result; i++) {
      driver.setKeys(i % 2 ? KEY_UP : KEY_DOWN);
      driver.tick();
    }
    expect(driver.inputs).toHaveLength(MAX_INPUT_ENTRIES);
    expect(decodeInputs(driver.report()!.inputs).ok).toBe(true);
  });
});

describe('the keys, the launch and the canvas', () => {
  it('combines the keyboard and the pad', () => {
    const held = new HeldKeys();
    expect(held.down('ArrowUp')).toBe(true);
    expect(held.down('KeyQ')).toBe(false);
    held.down('KeyD');
    held.press(KEY_LEFT);
    expect(held.mask).toBe(KEY_UP | KEY_RIGHT | KEY_LEFT);
    held.up('ArrowUp');
    held.release(KEY_LEFT);
    expect(held.mask).toBe(KEY_RIGHT);
    held.clear();
    expect(held.mask).toBe(0);
    expect([keyBit('KeyW'), keyBit('KeyS'), keyBit('KeyA'), keyBit('ArrowRight')]).toEqual([KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT]);
  });

  it('flies only the flight this page lifted off for', () => {
    expect(takeFlight(0)).toBe(false);
    armFlight(100);
    expect(takeFlight(200)).toBe(true);
    expect(takeFlight(300)).toBe(false);
    armFlight(0);
    expect(takeFlight(60_000)).toBe(false);
    expect([layerAt(0), layerAt(19), layerAt(44), layerAt(59), layerAt(60)]).toEqual(['troposphere', 'stratosphere', 'thermosphere', 'exosphere', 'space']);
  });

  it('draws every rock in the sky and the ship', () => {
    const driver = new FlightDriver({ ...SETUP, hull: 100 });
    for (let i = 0; i < 400; i++) driver.tick();
    const texts: [string, number, number][] = [];
    const ctx = {
      fillStyle: '',
      font: '',
      textBaseline: '',
      textAlign: '',
      fillRect: () => {},
      fillText: (text: string, x: number, y: number) => texts.push([text, x, y]),
    } as unknown as CanvasRenderingContext2D;
    drawFlight(ctx, driver, { ink: '#000', paper: '#fff' });
    const visible = driver.sim.asteroids.filter((a) => a.spawnAt <= driver.displayMs);
    expect(texts).toHaveLength(visible.length + 1);
    expect(texts.at(-1)).toEqual([SHIP, driver.sim.x / 1000, driver.sim.y / 1000]);
    for (const [text] of texts.slice(0, -1)) expect(ROCKS).toContain(text);
  });
});

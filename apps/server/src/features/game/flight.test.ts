/**
 * The space flight through the game host: the report judged by the engine on the host's game
 * clock (2× in hyper mode), and the longest input log fitting in one client frame.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeInputs, MAX_INPUT_ENTRIES, newGame, replayFlight, type GameState, type InputChange } from '@smoulder/engine';
import type { ServerMessage } from '@smoulder/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { GameHost, type SaveStore, type Subscriber } from './game-host.ts';
import { readFrame } from './frames.ts';

const quietLog = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const store: SaveStore = { write: async (_id, _state, _v, expected) => expected + 1 };

function recorder(): Subscriber & { frames: ServerMessage[] } {
  const sub = { frames: [] as ServerMessage[], send: (m: ServerMessage) => void sub.frames.push(m), close: () => {} };
  return sub;
}

function shipReady(hyper: boolean): GameState {
  const state = newGame(3);
  state.features.ship = true;
  state.ship = { hull: 1, thrusters: 1, seenWarning: true };
  state.config.hyperMode = hyper;
  return state;
}

describe('the flight on the server', () => {
  let wall = 1_000_000;
  beforeEach(() => {
    vi.useFakeTimers();
    wall = 1_000_000;
  });
  afterEach(() => vi.useRealTimers());

  it.each([false, true])('judges the report on the game clock (hyper %s): too soon, then accepted', (hyper) => {
    const host = new GameHost('u1', shipReady(hyper), 1, store, { saveDelayMs: 60_000, log: quietLog, wallNow: () => wall });
    const sub = recorder();
    host.attach(sub);
    expect(host.command(sub, 'a', { type: 'lift_off', confirmed: false })).toBe(true);
    const stateOf = () => (host.snapshot() as Extract<ServerMessage, { type: 'snapshot' }>).state;
    const flight = stateOf().flight!;
    const crash = replayFlight({ seed: flight.seed, hull: 1, thrusters: 1 }, []);
    if (!crash.ok) throw new Error(crash.problem);
    // Half the flight's wall time: too soon at either rate.
    wall += crash.result.ms / 2;
    expect(host.command(sub, 'b', { type: 'flight_report', inputs: '', outcome: 'crashed' })).toBe(false);
    expect(sub.frames.at(-1)).toMatchObject({ type: 'reject', code: 'flight/too_soon' });
    // The whole flight in wall time has passed: the game clock ran 1× or 2× as far, and either is enough.
    wall += crash.result.ms / 2;
    expect(host.command(sub, 'c', { type: 'flight_report', inputs: '', outcome: 'crashed' })).toBe(true);
    expect(stateOf().flight).toBeNull();
    host.dispose();
  });

  it('reads the longest input log in one client frame', () => {
    const inputs: InputChange[] = Array.from({ length: MAX_INPUT_ENTRIES }, (_, i) => [i, i % 16]);
    const frame = JSON.stringify({
      type: 'command',
      id: 'x'.repeat(64),
      command: { type: 'flight_report', inputs: encodeInputs(inputs), outcome: 'escaped' },
    });
    const read = readFrame(Buffer.from(frame), false);
    expect(read.ok).toBe(true);
  });
});

/**
 * The save history's key moments (issue 6), through a real game host behind a real socket: the
 * game just before an accepted lift-off is kept as `lift_off`, the game at its ending as `ending`.
 * The wall clock is the test's, so the flight's minute passes at once.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, newGame, replayFlight, type GameState } from '@smoulder/engine';
import { testBackends } from '../../db/test-database.ts';
import { sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import { findSnapshot } from './repo.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A game at the ship, its hull thick enough that any field of asteroids is survived without a key pressed. */
function atTheShip(): GameState {
  const state = newGame(11);
  state.clock = 1_800_000;
  state.stores = { wood: 40, 'alien alloy': 2 };
  state.features = { outside: true, path: true, fabricator: true, ship: true };
  state.ship = { hull: 400, thrusters: 3, seenWarning: true };
  state.location = 'ship';
  return state;
}

describe.each(testBackends())('snapshots before lift-off and at the ending on $name', (backend) => {
  let t: TestApp;
  let base: string;
  let wall = Date.now();
  beforeAll(async () => {
    t = await startTestApp(backend.open, {}, { wallNow: () => wall });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const connect = (cookie: string) => TestSocket.open(`ws://${base}/ws`, { cookie, origin: `http://${base}` });
  const snapshots = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/snapshots', headers: { cookie } })).json().snapshots as Array<{
      id: string;
      reason: string;
      playMs: number;
    }>;

  it('keeps the game as it was before lift-off, then the game at its ending', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest' });
    const cookie = sessionCookie(res.headers['set-cookie']);
    const userId = res.json().user.id as string;
    // The guest's game is made by a first socket, then put at the ship.
    const first = await connect(cookie);
    await first.next('snapshot');
    await first.close();
    await expect.poll(() => t.app.games.peek(userId) === undefined).toBe(true);
    await t.db.prisma.save.update({ where: { userId }, data: { state: atTheShip() as never, revision: { increment: 1 } } });

    const socket = await connect(cookie);
    expect((await socket.next('snapshot')).state.location).toBe('ship');
    // A refused command keeps nothing (there is no flight to report yet).
    socket.send({ type: 'command', id: 'early', command: { type: 'flight_report', inputs: '', outcome: 'escaped' } });
    expect(await socket.next('reject')).toMatchObject({ code: 'flight/none' });
    expect(await snapshots(cookie)).toEqual([]);

    socket.send({ type: 'command', id: 'up', command: { type: 'lift_off', confirmed: true } });
    await socket.next('ack');
    await expect.poll(async () => (await snapshots(cookie)).map((s) => s.reason)).toEqual(['lift_off']);
    const flight = t.app.games.peek(userId)!.currentState.flight!;
    expect(flight).not.toBeNull();

    // The minute of the flight passes (on the wall clock the server reads); the escape is reported.
    const replay = replayFlight({ seed: flight.seed, hull: 400, thrusters: 3 }, []);
    if (!replay.ok) throw new Error(replay.problem);
    expect(replay.result.outcome).toBe('escaped');
    wall += replay.result.ms + 1_000;
    socket.send({ type: 'command', id: 'report', command: { type: 'flight_report', inputs: '', outcome: 'escaped' } });
    await socket.next('ack');
    const ended = t.app.games.peek(userId)!.currentState;
    expect(ended.ending).not.toBeNull();

    await expect.poll(async () => (await snapshots(cookie)).map((s) => s.reason).sort()).toEqual(['ending', 'lift_off']);
    const list = await snapshots(cookie);
    const liftOff = await findSnapshot(t.db.prisma, userId, list.find((s) => s.reason === 'lift_off')!.id);
    const ending = await findSnapshot(t.db.prisma, userId, list.find((s) => s.reason === 'ending')!.id);
    // Before lift-off: on the ground, no flight, not over — the state a restore would bring back.
    const before = migrate(liftOff!.state);
    expect(before.flight).toBeNull();
    expect(before.ending).toBeNull();
    expect(before.ship).toEqual({ hull: 400, thrusters: 3, seenWarning: true });
    expect(before.stores).toEqual(atTheShip().stores);
    // At the ending: the score as the game recorded it.
    const atEnd = migrate(ending!.state);
    expect(atEnd.ending).toEqual(ended.ending);
    expect(atEnd.flight).toBeNull();
    expect(Number(ending!.playMs)).toBeGreaterThan(Number(liftOff!.playMs));

    // Nothing more is kept for the same ending (another command is refused, and a second report has no flight).
    socket.send({ type: 'command', id: 'again', command: { type: 'flight_report', inputs: '', outcome: 'escaped' } });
    await socket.next('reject');
    await sleep(100);
    expect(await snapshots(cookie)).toHaveLength(2);
    await socket.close();
  });
});

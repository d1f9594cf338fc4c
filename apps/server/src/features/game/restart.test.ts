import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { apply, newGame, type GameState } from '@smoulder/engine';
import { testBackends } from '../../db/test-database.ts';
import { newGuest as newGuestOf, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import { listFinishedGames } from './finished-games-repo.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A game won a moment ago: stores worth 1 130 (worked by hand in the engine's score test), 400 from before. */
function wonGame(): GameState {
  const state = newGame(5);
  state.clock = 3_600_000;
  state.stores = { wood: 100, fur: 10.7, bait: 3, rifle: 2, bullets: 7, 'alien alloy': 4, 'fleet beacon': 1 };
  state.features = { outside: true, path: true, fabricator: true, ship: true };
  state.ship = { hull: 3, thrusters: 2, seenWarning: true };
  state.prestige = { stores: null, score: 400 };
  state.location = 'ship';
  state.config.hyperMode = true;
  state.ending = { score: 1130, total: 1530, beacon: true };
  state.prestige = { stores: { wood: 50, rifle: 1 }, score: 1530 };
  state.milestones = { game_won: 3_600_000 };
  return state;
}

describe.each(testBackends())('beginning again after the ending on $name', (backend) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(backend.open);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const newGuest = () => newGuestOf(t.app);
  const connect = (cookie: string) => TestSocket.open(`ws://${base}/ws`, { cookie, origin: `http://${base}` });

  /** A guest whose save holds `state` (their game made once by a first socket, then overwritten). */
  const guestWith = async (state: GameState) => {
    const guest = await newGuest();
    const first = await connect(guest.cookie);
    await first.next('snapshot');
    await first.close();
    await sleep(200);
    await t.db.prisma.save.update({ where: { userId: guest.userId }, data: { state: state as never } });
    return guest;
  };

  it('is refused while the game goes on', async () => {
    const { cookie } = await newGuest();
    const socket = await connect(cookie);
    await socket.next('snapshot');
    socket.send({ type: 'restart', id: 'r1' });
    expect(await socket.next('reject')).toMatchObject({ id: 'r1', code: 'action/unavailable', key: 'error.game.not_over' });
    await socket.close();
  });

  it('keeps the won game on the account, and both devices get the next game with the prestige', async () => {
    const { cookie, userId } = await guestWith(wonGame());
    const before = await t.db.prisma.save.findUnique({ where: { userId } });
    const phone = await connect(cookie);
    const laptop = await connect(cookie);
    expect((await phone.next('snapshot')).state.ending).toEqual({ score: 1130, total: 1530, beacon: true });
    await laptop.next('snapshot');

    // The finished game refuses commands: only the restart goes on.
    phone.send({ type: 'command', id: 'c1', command: { type: 'gather_wood' } });
    expect(await phone.next('reject')).toMatchObject({ id: 'c1', code: 'game/over' });

    phone.send({ type: 'restart', id: 'r1' });
    expect(await phone.next('ack')).toMatchObject({ id: 'r1' });
    for (const socket of [phone, laptop]) {
      const fresh = (await socket.next('snapshot')).state;
      expect(fresh.ending).toBeNull();
      expect(fresh.clock).toBe(0);
      expect(fresh.stores).toEqual({});
      expect(fresh.room.fire).toBe(0);
      expect(fresh.prestige).toEqual({ stores: { wood: 50, rifle: 1 }, score: 1530 });
      expect(fresh.config.hyperMode).toBe(true);
    }
    // The new game is playable at once, on either device.
    laptop.send({ type: 'command', id: 'c2', command: { type: 'light_fire' } });
    expect(await laptop.next('ack')).toMatchObject({ id: 'c2' });
    expect((await phone.next('notice')).key).toBe('notice.fire.burning');

    // A second restart (the other device, a moment late) is refused: the new game is not over.
    laptop.send({ type: 'restart', id: 'r2' });
    expect(await laptop.next('reject')).toMatchObject({ id: 'r2', key: 'error.game.not_over' });

    await phone.close();
    await laptop.close();
    await sleep(300);
    const games = await listFinishedGames(t.db.prisma, userId);
    expect(games).toHaveLength(1);
    expect(games[0]).toMatchObject({ gameId: before!.gameId, score: 1130, total: 1530, beacon: true, playMs: 3_600_000 });
    const after = await t.db.prisma.save.findUnique({ where: { userId } });
    expect(after!.gameId).not.toBe(before!.gameId);
    const saved = after!.state as unknown as GameState;
    expect(saved.ending).toBeNull();
    expect(saved.prestige.score).toBe(1530);
    const events = await t.db.prisma.milestoneEvent.findMany({ where: { userId, gameId: after!.gameId } });
    // The new game's own milestones (the fire lit above) are its own, under its new id.
    expect(events.map((e) => e.milestone).sort()).toEqual(['fire_lit', 'new_game', 'prestige_restart']);
  });

  it('a whole round: the next game is won again and the total grows', async () => {
    const { cookie, userId } = await guestWith(wonGame());
    const socket = await connect(cookie);
    await socket.next('snapshot');
    socket.send({ type: 'restart', id: 'r1' });
    await socket.next('ack');
    const next = (await socket.next('snapshot')).state;
    expect(apply(next, { type: 'gather_wood' }, next.clock).ok).toBe(false);
    await socket.close();
    await sleep(300);
    // The second game ends too (as the flight would end it) and begins again.
    const second = { ...wonGame(), ending: { score: 10, total: 1540, beacon: false }, prestige: { stores: {}, score: 1540 } };
    await t.db.prisma.save.update({ where: { userId }, data: { state: second as never } });
    const again = await connect(cookie);
    await again.next('snapshot');
    again.send({ type: 'restart', id: 'r2' });
    await again.next('ack');
    expect((await again.next('snapshot')).state.prestige.score).toBe(1540);
    await again.close();
    await sleep(300);
    expect((await listFinishedGames(t.db.prisma, userId)).map((g) => g.total)).toEqual([1540, 1530]);
  });
});

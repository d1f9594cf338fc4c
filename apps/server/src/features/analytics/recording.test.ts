import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameState } from '@smoulder/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../db/database.ts';
import { testBackends } from '../../db/test-database.ts';
import { INJECT_ORIGIN, sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { signIn } from '../../testing/sign-in.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import { Analytics } from './analytics.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testBackends())('recording analytics from real game sockets on $name', (backend) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(backend.open);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const connect = (cookie: string, query = '', ua = FIREFOX_LINUX) =>
    TestSocket.open(`ws://${base}/ws${query}`, { cookie, origin: `http://${base}`, 'user-agent': ua });
  const events = (userId: string) =>
    t.db.prisma.milestoneEvent.findMany({ where: { userId }, orderBy: { id: 'asc' } });
  const sessions = (userId: string) => t.db.prisma.playSession.findMany({ where: { userId }, orderBy: { startedAt: 'asc' } });
  /** Until the socket's close has reached the server and its writes are done. */
  const settle = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i += 1) await sleep(20);
    await t.app.analytics.drain();
  };

  it('records new_game when a guest starts, once', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest', headers: { origin: INJECT_ORIGIN } });
    expect(res.statusCode).toBe(200);
    const userId = res.json().user.id as string;
    await t.app.analytics.drain();
    const save = await t.db.prisma.save.findUniqueOrThrow({ where: { userId } });
    const rows = await events(userId);
    expect(rows.map((r) => [r.milestone, r.gameId, Number(r.playMs)])).toEqual([['new_game', save.gameId, 0]]);
    // Asking again with the same session keeps the player and the game: nothing new.
    await t.app.inject({ method: 'POST', url: '/api/guest', headers: { origin: INJECT_ORIGIN, cookie: sessionCookie(res.headers['set-cookie']) } });
    await t.app.analytics.drain();
    expect(await events(userId)).toHaveLength(1);
  });

  it('records fire_lit with its play time when the fire is lit, and never twice', async () => {
    const { userId, cookie } = await signIn(t.db);
    const socket = await connect(cookie);
    await socket.next('snapshot');
    await sleep(30); // some play time passes before the fire
    socket.send({ type: 'command', id: 'c1', command: { type: 'light_fire' } });
    await socket.next('ack');
    await socket.close();
    // Wait for the write that holds the lit fire (loading the game may bump the revision first).
    await settle(async () => {
      const saved = await t.db.prisma.save.findUniqueOrThrow({ where: { userId } });
      return (saved.state as unknown as GameState).milestones.fire_lit !== undefined;
    });

    const save = await t.db.prisma.save.findUniqueOrThrow({ where: { userId } });
    const litAt = (save.state as unknown as GameState).milestones.fire_lit;
    expect(litAt).toBeGreaterThan(0);
    const rows = await events(userId);
    expect(rows.map((r) => [r.milestone, r.gameId, Number(r.playMs)])).toEqual([
      ['new_game', save.gameId, 0],
      ['fire_lit', save.gameId, litAt],
    ]);
    expect(await t.db.prisma.playerMilestone.count({ where: { userId } })).toBe(2);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).lastMilestone).toBe('fire_lit');

    // Reconnecting (after the game was unloaded and loaded again) adds nothing.
    await sleep(100);
    const again = await connect(cookie);
    await again.next('snapshot');
    again.send({ type: 'resync' });
    await again.next('snapshot');
    await again.close();
    await settle(async () => (await sessions(userId)).every((s) => s.endedAt !== null));
    expect(await events(userId)).toHaveLength(2);
  });

  it('opens a play session per socket, with device and language, and closes it when the socket goes', async () => {
    const { userId, cookie } = await signIn(t.db);
    expect(t.app.analytics.online.count).toBe(0);
    const first = await connect(cookie, '?lang=pl');
    await first.next('snapshot');
    const second = await connect(cookie, '?lang=../../etc', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1');
    await second.next('snapshot');
    expect(t.app.analytics.online.count).toBe(1); // one player, two sockets
    await t.app.analytics.drain();

    const open = await sessions(userId);
    expect(open.map((s) => [s.device, s.locale, s.endedAt])).toEqual([
      ['firefox on linux', 'pl', null],
      ['safari on ios', null, null],
    ]);
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.locale).toBe('pl'); // an invalid ?lang= does not overwrite it
    expect(user.lastSeenAt).not.toBeNull();
    expect(await t.db.prisma.playerDevice.count({ where: { userId } })).toBe(2);
    expect(await t.db.prisma.activityDay.count({ where: { userId } })).toBe(1);

    await first.close();
    await settle(async () => (await sessions(userId))[0].endedAt !== null);
    expect(t.app.analytics.online.count).toBe(1);
    const [closed, stillOpen] = await sessions(userId);
    expect(closed.endedAt!.getTime()).toBeGreaterThanOrEqual(closed.startedAt.getTime());
    expect(stillOpen.endedAt).toBeNull();
    await second.close();
    await settle(async () => (await sessions(userId))[1].endedAt !== null);
    expect(t.app.analytics.online.count).toBe(0);
  });
});

describe.each(testBackends())('play sessions at shutdown on $name', (backend) => {
  it('are closed when the server stops', async () => {
    const t = await startTestApp(backend.open);
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const { userId, cookie } = await signIn(t.db);
      const socket = await TestSocket.open(`ws://${base}/ws`, { cookie, origin: `http://${base}` });
      await socket.next('snapshot');
      await t.app.analytics.drain();
      expect((await t.db.prisma.playSession.findFirstOrThrow({ where: { userId } })).endedAt).toBeNull();
      await t.app.close();
      const session = await t.db.prisma.playSession.findFirstOrThrow({ where: { userId } });
      expect(session.endedAt).not.toBeNull();
      expect(session.device).toBe('unknown');
    } finally {
      await t.app.close();
      await t.db.close();
    }
  });
});

describe('the recorder', () => {
  it('records the milestones reached close together in one statement', async () => {
    const statements: unknown[][] = [];
    const db = {
      $queryRawUnsafe: async (_sql: string, ...params: unknown[]) => {
        statements.push(params);
        return [];
      },
    };
    const analytics = new Analytics(db as unknown as PrismaClient, { log: { error: vi.fn() } as unknown as FastifyBaseLogger, milestoneGatherMs: 1000 });
    for (const milestone of ['fire_lit', 'builder_arrived', 'first_hut']) analytics.milestone({ userId: 'u', gameId: 'g', milestone, playMs: 5 });
    expect(statements).toHaveLength(0);
    await analytics.drain();
    expect(statements).toHaveLength(1);
    expect(statements[0][2]).toEqual(['fire_lit', 'builder_arrived', 'first_hut']);
    await analytics.close();
  });

  it('never throws into the game: a failed write is logged and dropped', async () => {
    const failing = { $queryRaw: () => Promise.reject(new Error('database down')), $executeRaw: () => Promise.reject(new Error('database down')) };
    const log = { error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const analytics = new Analytics(failing as unknown as PrismaClient, { log });
    expect(() => analytics.milestone({ userId: 'u', gameId: 'g', milestone: 'fire_lit', playMs: 5 })).not.toThrow();
    const activity = analytics.socketOpened('u', { userAgent: FIREFOX_LINUX, locale: 'en' });
    expect(analytics.online.count).toBe(1);
    activity.end();
    activity.end();
    expect(analytics.online.count).toBe(0);
    await analytics.drain();
    await analytics.refreshRollups();
    await analytics.close();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ count: 1, userId: 'u' }), 'analytics: could not record milestones');
    expect(log.error).toHaveBeenCalledWith(expect.anything(), 'analytics: could not record a play session');
    expect(log.error).toHaveBeenCalledWith(expect.anything(), 'analytics: could not refresh the rollups');
  });
});

import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@smoulder/protocol';
import { openDatabase, type Database } from '../../db/database.ts';
import { testBackends, type ScratchDatabase } from '../../db/test-database.ts';
import { sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import type { GameHosts } from './game-hosts.ts';
import type { Subscriber } from './game-host.ts';
import type { NotificationHandler, PgCluster } from './ownership-pg.ts';
import { Relay, type SocketEnd } from './relay.ts';
import { claimSave, createSave, StaleSaveError, writeSave } from './save-repo.ts';

const quietLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/** Two processes' clusters wired to each other in memory: what one sends, the other hears. */
function fakeClusters() {
  const handlers = new Map<number, NotificationHandler>();
  const sent: string[] = [];
  const make = (pid: number, ownerPid: number) =>
    ({
      pid,
      up: true,
      onMessage: (h: NotificationHandler) => handlers.set(pid, h),
      onLost: () => {},
      ownerOf: async () => ownerPid,
      acquireMany: async () => [],
      release: async () => {},
      alive: async (pids: number[]) => new Set(pids),
      send: (to: number, payload: string) => {
        sent.push(payload);
        expect(Buffer.byteLength(`${pid}|${payload}`)).toBeLessThan(8000);
        queueMicrotask(() => handlers.get(to)!(pid, payload));
      },
    }) as unknown as PgCluster;
  return { owner: make(1, 1), edge: make(2, 1), sent };
}

describe('the relay between processes', () => {
  it('carries messages larger than one notification, multi-byte text included, in order', async () => {
    const { owner, edge, sent } = fakeClusters();
    const big: ServerMessage = {
      type: 'notice',
      key: 'notice.big',
      at: 1,
      params: { text: 'żółć 🔥 '.repeat(3000) + 'x'.repeat(20_000) },
    };
    const joined: Subscriber[] = [];
    const ownerHosts = {
      join: async (_userId: string, subscriber: Subscriber) => {
        joined.push(subscriber);
        subscriber.send(big);
        subscriber.send({ type: 'pong', t: 7, clock: { gameNow: 1, serverTime: 2, rate: 1 } });
        return {} as never;
      },
      leave: async () => {},
      peek: () => undefined,
    } as unknown as GameHosts;
    const ownerRelay = new Relay(owner, ownerHosts, { log: quietLog });
    const edgeRelay = new Relay(edge, {} as GameHosts, { log: quietLog });
    const texts: string[] = [];
    const end: SocketEnd = { send: (m) => texts.push(JSON.stringify(m)), sendText: (t) => texts.push(t), close: () => {} };
    const session = await edgeRelay.open('user-1', end);
    await new Promise((r) => setTimeout(r, 20));
    expect(texts.map((t) => JSON.parse(t))).toEqual([big, { type: 'pong', t: 7, clock: { gameNow: 1, serverTime: 2, rate: 1 } }]);
    expect(sent.length).toBeGreaterThan(5);
    expect(joined).toHaveLength(1);
    expect(ownerRelay.counts).toEqual({ forwarded: 0, served: 1 });
    session.leave();
    await new Promise((r) => setTimeout(r, 20));
    expect(ownerRelay.counts.served).toBe(0);
    ownerRelay.close();
    edgeRelay.close();
  });
});

const postgres = testBackends().filter((b) => b.name === 'postgres');

describe.skipIf(postgres.length === 0)('two server processes in one test process, on Postgres', () => {
  const backend = postgres[0];
  let scratch: ScratchDatabase;
  let url: string;
  const apps: TestApp[] = [];

  const startApp = async () => {
    const t = await startTestApp(
      () => openDatabase(scratch.options),
      { databaseUrl: url, databaseDirectUrl: url, cluster: true, saveDelayMs: 100, unloadGraceMs: 100 },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(t);
    return { t, base: `127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
  };
  const connect = (base: string, cookie: string) => TestSocket.open(`ws://${base}/ws`, { cookie, origin: `http://${base}` });
  const sql = async <T,>(text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    scratch = await backend.createScratch();
    url = scratch.options.databaseUrl!;
    await (await openDatabase(scratch.options)).close(); // migrate once
  });
  afterEach(async () => {
    await Promise.allSettled(apps.splice(0).map((t) => t.close()));
  });
  afterAll(() => scratch?.dispose());

  const guest = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest' });
    return { cookie: sessionCookie(res.headers['set-cookie']), userId: res.json().user.id as string };
  };

  it('forwards a socket that reaches the process not running its game: one game for both', async () => {
    const a = await startApp();
    const b = await startApp();
    const { cookie } = await guest(a.t);
    const onA = await connect(a.base, cookie);
    const first = await onA.next('snapshot');
    const onB = await connect(b.base, cookie);
    const second = await onB.next('snapshot');
    expect({ ...second.state, clock: 0 }).toEqual({ ...first.state, clock: 0 }); // B's snapshot is a moment later
    expect(second.seq).toBeGreaterThanOrEqual(first.seq);
    expect(a.t.app.games.loaded).toBe(1);
    expect(b.t.app.games.loaded).toBe(0);

    onB.send({ type: 'command', id: 'b1', command: { type: 'light_fire' } });
    expect((await onB.next('ack')).id).toBe('b1');
    const [patchA, patchB] = await Promise.all([onA.patchAfter(second.seq), onB.next('patch')]);
    expect(patchB).toEqual(patchA);
    onB.send({ type: 'ping', t: 5 });
    expect(await onB.next('pong')).toMatchObject({ t: 5 });
    await Promise.all([onA.close(), onB.close()]);
  });

  it('hands the game to the survivor when the owner loses its ownership session, and fences the old owner', async () => {
    const a = await startApp();
    const b = await startApp();
    const { cookie, userId } = await guest(a.t);
    const onA = await connect(a.base, cookie);
    await onA.next('snapshot');
    const onB = await connect(b.base, cookie);
    await onB.next('snapshot');
    onB.send({ type: 'command', id: 'b1', command: { type: 'light_fire' } });
    await onB.next('ack');

    // As if A's connection to Postgres dropped: its locks are freed at once.
    const [{ pid }] = await sql<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l, (SELECT hashtextextended('smoulder.player:' || $1, 0) AS k) AS key
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.classid::bigint = (key.k >> 32) & 4294967295 AND l.objid::bigint = key.k & 4294967295`,
      [userId],
    );
    await sql('SELECT pg_terminate_backend($1)', [pid]);
    expect((await onA.closedBy(5000)).code).toBe(4000); // A gave the game up: "moved", reconnect
    const taken = await onB.next('snapshot', 5000); // B took it over: same socket, a fresh snapshot
    expect(taken.state.room.fire).toBeGreaterThan(0);
    // The game it runs is the one with the fire lit: stoking is cooling down.
    onB.send({ type: 'command', id: 'b2', command: { type: 'stoke_fire' } });
    expect(await onB.next('reject')).toMatchObject({ id: 'b2', code: 'action/cooling_down' });
    expect(b.t.app.games.loaded).toBe(1);
    expect(a.t.app.games.loaded).toBe(0);
    await onB.close();
  });

  it('lets a graceful stop of the owner hand its forwarded sockets over without closing them', async () => {
    const a = await startApp();
    const b = await startApp();
    const { cookie } = await guest(a.t);
    const onA = await connect(a.base, cookie);
    await onA.next('snapshot');
    const onB = await connect(b.base, cookie);
    await onB.next('snapshot');
    onB.send({ type: 'command', id: 'b1', command: { type: 'light_fire' } });
    await onB.next('ack');

    await apps.splice(0, 1)[0].close(); // SIGTERM on A: its own socket hears 1012
    expect((await onA.closedBy()).code).toBe(1012);
    const taken = await onB.next('snapshot', 5000);
    expect(taken.state.room.fire).toBeGreaterThan(0);
    expect(onB.closed).toBeNull();
    expect(onB.received.some((m) => m.type === 'notice' && m.key === 'notice.server.restarting')).toBe(false);
    // The game it runs is the one with the fire lit: stoking is cooling down.
    onB.send({ type: 'command', id: 'b2', command: { type: 'stoke_fire' } });
    expect(await onB.next('reject')).toMatchObject({ id: 'b2', code: 'action/cooling_down' });
    await onB.close();
  });
});

describe.each(testBackends())('claiming a save on $name', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db?.close());

  it('moves the revision on, so a previous owner still writing is refused', async () => {
    const user = await db.prisma.user.create({ data: {} });
    await createSave(db.prisma, user.id, { clock: 0 }, 1);
    expect(await writeSave(db.prisma, user.id, { clock: 1 }, 1, 0)).toBe(1); // the old owner writes
    const claimed = await claimSave(db.prisma, user.id); // a new owner loads
    expect(claimed).toMatchObject({ state: { clock: 1 }, revision: 2 });
    await expect(writeSave(db.prisma, user.id, { clock: 2 }, 1, 1)).rejects.toBeInstanceOf(StaleSaveError);
    expect(await writeSave(db.prisma, user.id, { clock: 3 }, 1, 2)).toBe(3);
    expect(await claimSave(db.prisma, '00000000-0000-0000-0000-000000000000')).toBeNull();
  });
});

/**
 * Closing a signed-out device's game sockets on every process (README, "Accounts, devices and save
 * history"): the message format, and two app instances on one Postgres database, where a socket
 * held by instance B is closed when instance A signs its session out (skipped without DATABASE_URL,
 * like the relay's tests). With PGlite there is one process: settings-routes.test.ts covers it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_CLOSE, SIGNED_OUT_CLOSE } from '@smoulder/protocol';
import { openDatabase } from '../../db/database.ts';
import { testBackends, type ScratchDatabase } from '../../db/test-database.ts';
import { INJECT_ORIGIN, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import { hashPassword } from './passwords.ts';
import { createSession } from './repo.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { decodeCloseOrder, encodeCloseOrder } from './socket-closes.ts';
import { hashToken, newSessionToken } from './tokens.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a socket close told to the other processes', () => {
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('carries the sessions or the user, and the code and reason, unchanged', () => {
    const orders = [
      { sessions: [uuid(1)], close: { ...SIGNED_OUT_CLOSE } },
      { userId: uuid(2), exceptSessionId: uuid(3), close: { ...SIGNED_OUT_CLOSE } },
      { userId: uuid(2), close: { ...ACCOUNT_DELETED_CLOSE } },
    ];
    for (const order of orders) {
      const [payload, ...rest] = encodeCloseOrder(order);
      expect(rest).toEqual([]);
      expect(decodeCloseOrder(payload)).toEqual(order);
    }
  });

  it('splits a long list of sessions into payloads that each fit one notification', () => {
    const sessions = Array.from({ length: 250 }, (_, i) => uuid(i));
    const payloads = encodeCloseOrder({ sessions, close: { ...SIGNED_OUT_CLOSE } });
    expect(payloads).toHaveLength(3);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(7_700);
    expect(payloads.flatMap((p) => (decodeCloseOrder(p) as { sessions: string[] }).sessions)).toEqual(sessions);
  });

  it('ignores what is not a close order', () => {
    for (const payload of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ s: [uuid(1)], c: 1000, r: 'normal' }), // not an application close code
      JSON.stringify({ s: [uuid(1)], c: 4401 }),
      JSON.stringify({ s: [uuid(1)], c: 4401, r: 'x'.repeat(124) }),
      JSON.stringify({ s: [1], c: 4401, r: 'x' }),
      JSON.stringify({ s: ["'; drop table"], c: 4401, r: 'x' }),
      JSON.stringify({ u: 5, c: 4401, r: 'x' }),
      JSON.stringify({ u: uuid(1), x: 5, c: 4401, r: 'x' }),
    ]) {
      expect(decodeCloseOrder(payload), payload).toBeNull();
    }
  });
});

const postgres = testBackends().filter((b) => b.name === 'postgres');

describe.skipIf(postgres.length === 0)('two server processes on one Postgres close each other’s sockets', () => {
  const backend = postgres[0];
  let scratch: ScratchDatabase;
  let url: string;
  let a: { t: TestApp; base: string };
  let b: { t: TestApp; base: string };
  const sockets: TestSocket[] = [];

  const startApp = async () => {
    const t = await startTestApp(() => openDatabase(scratch.options), {
      databaseUrl: url,
      databaseDirectUrl: url,
      cluster: true,
      saveDelayMs: 100,
      unloadGraceMs: 100,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { t, base: `127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
  };

  beforeAll(async () => {
    scratch = await backend.createScratch();
    url = scratch.options.databaseUrl!;
    await (await openDatabase(scratch.options)).close(); // migrate once
    a = await startApp();
    b = await startApp();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await Promise.allSettled([a?.t.close(), b?.t.close()]);
    await scratch?.dispose();
  });

  let n = 0;
  const password = 'the password of the test';
  /** An account with a password, signed in on `devices` devices: each one's cookie and session id. */
  const account = async (devices: number) => {
    const prisma = a.t.db.prisma;
    const user = await prisma.user.create({ data: { email: `closer${++n}@example.com`, passwordHash: await hashPassword(password) } });
    const sessions = [];
    for (let i = 0; i < devices; i++) {
      const token = newSessionToken();
      const row = await createSession(prisma, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
      sessions.push({ id: row.id, cookie: `${SESSION_COOKIE}=${token}` });
    }
    return { userId: user.id, email: user.email!, sessions };
  };
  const connect = async (on: { base: string }, cookie: string) => {
    const socket = await TestSocket.open(`ws://${on.base}/ws`, { cookie, origin: `http://${on.base}` });
    sockets.push(socket);
    await socket.next('snapshot', 5_000);
    return socket;
  };
  const post = (on: { t: TestApp }, path: string, cookie: string, payload: object = {}) =>
    on.t.app.inject({ method: 'POST', url: path, payload, headers: { origin: INJECT_ORIGIN, cookie } });
  /** Still open a moment later (a close would have arrived by now). */
  const stillOpen = async (socket: TestSocket) => {
    await sleep(300);
    return socket.closed === null;
  };

  it('signing one device out on A closes its socket on B, with the code and reason the client shows', async () => {
    const { sessions } = await account(2);
    const [laptop, phone] = sessions;
    const phoneOnB = await connect(b, phone.cookie);
    const laptopOnB = await connect(b, laptop.cookie);
    const res = await post(a, `/api/account/devices/${phone.id}/sign-out`, laptop.cookie);
    expect(res.json()).toEqual({ signedOut: 1 });
    expect(await phoneOnB.closedBy(5_000)).toEqual({ code: SIGNED_OUT_CLOSE.code, reason: SIGNED_OUT_CLOSE.reason });
    expect(await stillOpen(laptopOnB)).toBe(true);
    // The game goes on for the device still signed in.
    laptopOnB.send({ type: 'command', id: 'c1', command: { type: 'light_fire' } });
    expect(await laptopOnB.next('ack')).toMatchObject({ id: 'c1' });
  });

  it('signing out every other device on A closes their sockets on B and on A, the caller’s own stays', async () => {
    const { sessions } = await account(3);
    const [laptop, phone, tablet] = sessions;
    const phoneOnB = await connect(b, phone.cookie);
    const tabletOnA = await connect(a, tablet.cookie);
    const laptopOnB = await connect(b, laptop.cookie);
    const res = await post(a, '/api/account/devices/sign-out-others', laptop.cookie);
    expect(res.json()).toEqual({ signedOut: 2 });
    expect((await phoneOnB.closedBy(5_000)).code).toBe(SIGNED_OUT_CLOSE.code);
    expect((await tabletOnA.closedBy(5_000)).code).toBe(SIGNED_OUT_CLOSE.code);
    expect(await stillOpen(laptopOnB)).toBe(true);
  });

  it('a password change on B closes the other devices’ sockets on A', async () => {
    const { sessions } = await account(2);
    const [laptop, phone] = sessions;
    const phoneOnA = await connect(a, phone.cookie);
    const laptopOnA = await connect(a, laptop.cookie);
    const res = await post(b, '/api/account/password', laptop.cookie, { currentPassword: password, newPassword: 'a brand new long password' });
    expect(res.json()).toEqual({ signedOut: 1 });
    expect(await phoneOnA.closedBy(5_000)).toEqual({ code: SIGNED_OUT_CLOSE.code, reason: SIGNED_OUT_CLOSE.reason });
    expect(await stillOpen(laptopOnA)).toBe(true);
  });

  it('deleting the account on A closes every socket of it on B with 4410, and B drops the game unwritten', async () => {
    const { userId, email, sessions } = await account(2);
    const [laptop, phone] = sessions;
    const phoneOnB = await connect(b, phone.cookie);
    const laptopOnB = await connect(b, laptop.cookie);
    // B runs the game (its sockets came first); A only answers the request.
    expect(b.t.app.games.peek(userId)).toBeDefined();
    expect(a.t.app.games.peek(userId)).toBeUndefined();
    const res = await post(a, '/api/account/delete', laptop.cookie, { confirm: email, currentPassword: password });
    expect(res.statusCode).toBe(204);
    for (const socket of [phoneOnB, laptopOnB]) {
      expect(await socket.closedBy(5_000)).toEqual({ code: ACCOUNT_DELETED_CLOSE.code, reason: ACCOUNT_DELETED_CLOSE.reason });
    }
    await expect.poll(() => b.t.app.games.peek(userId), { timeout: 5_000 }).toBeUndefined();
    expect(await a.t.db.prisma.user.findUnique({ where: { id: userId } })).toBeNull();
    expect(await a.t.db.prisma.save.findUnique({ where: { userId } })).toBeNull();
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame, type GameState } from '@smoulder/engine';
import { ACCOUNT_DELETED_CLOSE, SIGNED_OUT_CLOSE } from '@smoulder/protocol';
import { testBackends } from '../../db/test-database.ts';
import { sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import { stateChecksum } from './save-file.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What a player's other devices see, over real sockets: signed out from another device, and
 * switched to a restored or imported game at once.
 */
describe.each(testBackends())('devices over the game socket on $name', (backend) => {
  let t: TestApp;
  let base: string;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp(backend.open, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    origin = `http://${base}`;
  });
  afterAll(() => t.close());

  let n = 0;
  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: 'http://localhost:80', ...(cookie ? { cookie } : {}) } });
  /** One account on two devices. */
  const twoDevices = async () => {
    const g = await t.app.inject({ method: 'POST', url: '/api/guest' });
    const email = `device${++n}@example.com`;
    const password = 'a long enough password';
    const claim = await post('/api/register', { email, password }, sessionCookie(g.headers['set-cookie']));
    const login = await post('/api/login', { email, password });
    return {
      userId: g.json().user.id as string,
      password,
      email,
      laptop: sessionCookie(claim.headers['set-cookie']),
      phone: sessionCookie(login.headers['set-cookie']),
    };
  };
  const connect = async (cookie: string) => {
    const socket = await TestSocket.open(`ws://${base}/ws`, { cookie, origin });
    const snapshot = await socket.next('snapshot');
    return { socket, snapshot };
  };
  /** The next patch that sets the fire (other patches, the clock's, may come first). */
  const fireSet = async (socket: TestSocket, value: number) => {
    for (;;) {
      const patch = await socket.next('patch', 3000);
      if (patch.ops.some((op) => op.path === '/room/fire' && op.op === 'replace' && op.value === value)) return patch;
    }
  };
  const light = async (socket: TestSocket) => {
    socket.send({ type: 'command', id: `l${Math.random()}`, command: { type: 'light_fire' } });
    await socket.next('ack');
  };

  it('signing out the other devices closes their sockets at once, with the reason; mine stays', async () => {
    const a = await twoDevices();
    const laptop = await connect(a.laptop);
    const phone = await connect(a.phone);
    const res = await post('/api/account/devices/sign-out-others', {}, a.laptop);
    expect(res.json()).toEqual({ signedOut: 1 });
    expect(await phone.socket.closedBy()).toEqual({ code: SIGNED_OUT_CLOSE.code, reason: SIGNED_OUT_CLOSE.reason });
    expect(laptop.socket.closed).toBeNull();
    // The laptop plays on; the phone cannot come back with its old session.
    await light(laptop.socket);
    await expect(TestSocket.open(`ws://${base}/ws`, { cookie: a.phone, origin })).rejects.toThrow(/401/);
    await laptop.socket.close();
  });

  it('signing out one device closes only that device’s socket', async () => {
    const a = await twoDevices();
    const laptop = await connect(a.laptop);
    const phone = await connect(a.phone);
    const devices = (await t.app.inject({ method: 'GET', url: '/api/account/devices', headers: { cookie: a.laptop } })).json().devices;
    const phoneId = devices.find((d: { current: boolean }) => !d.current).id;
    await post(`/api/account/devices/${phoneId}/sign-out`, {}, a.laptop);
    expect((await phone.socket.closedBy()).code).toBe(SIGNED_OUT_CLOSE.code);
    await sleep(50);
    expect(laptop.socket.closed).toBeNull();
    await laptop.socket.close();
  });

  it('a password change signs the other devices out and closes their sockets', async () => {
    const a = await twoDevices();
    const laptop = await connect(a.laptop);
    const phone = await connect(a.phone);
    const res = await post('/api/account/password', { currentPassword: a.password, newPassword: 'another long password' }, a.laptop);
    expect(res.statusCode).toBe(200);
    expect((await phone.socket.closedBy()).reason).toBe('signed out from another device');
    expect(laptop.socket.closed).toBeNull();
    await laptop.socket.close();
  });

  it('another player signing out their devices does not touch mine', async () => {
    const a = await twoDevices();
    const b = await twoDevices();
    const aPhone = await connect(a.phone);
    await post('/api/account/devices/sign-out-others', {}, b.laptop);
    await sleep(100);
    expect(aPhone.socket.closed).toBeNull();
    await aPhone.socket.close();
  });

  it('restoring a snapshot switches both devices to it at once, and play goes on from there', async () => {
    const a = await twoDevices();
    const laptop = await connect(a.laptop);
    const phone = await connect(a.phone);
    const [claim] = (await t.app.inject({ method: 'GET', url: '/api/account/snapshots', headers: { cookie: a.laptop } })).json().snapshots;
    await light(laptop.socket);
    await fireSet(laptop.socket, 3);
    await fireSet(phone.socket, 3);
    // Nothing from before the restore is left waiting.
    laptop.socket.received.length = 0;
    phone.socket.received.length = 0;

    const res = await post(`/api/account/snapshots/${claim.id}/restore`, {}, a.phone);
    expect(res.statusCode).toBe(200);
    for (const device of [laptop, phone]) {
      const switched = await device.socket.next('snapshot');
      expect(switched.state.room.fire).toBe(0);
      expect(switched.notices).toEqual([]);
    }
    // The restored game plays on, on both.
    await light(phone.socket);
    await fireSet(laptop.socket, 3);
    await sleep(200);
    const saved = await t.db.prisma.save.findUniqueOrThrow({ where: { userId: a.userId } });
    expect((saved.state as unknown as GameState).room.fire).toBe(3);
    // The game as it was before the restore is in the history.
    const list = (await t.app.inject({ method: 'GET', url: '/api/account/snapshots', headers: { cookie: a.laptop } })).json().snapshots;
    expect(list[0].reason).toBe('before_restore');
    const before = await t.db.prisma.gameSnapshot.findUniqueOrThrow({ where: { id: list[0].id } });
    expect((before.state as unknown as GameState).room.fire).toBe(3);
    await laptop.socket.close();
    await phone.socket.close();
  });

  it('an import switches every open device too', async () => {
    const a = await twoDevices();
    const laptop = await connect(a.laptop);
    const phone = await connect(a.phone);
    const state = { ...newGame(11), clock: 5000, stores: { wood: 321 } };
    const file = { format: 'smoulder-save', version: 1, exportedAt: new Date().toISOString(), stateVersion: state.version, checksum: stateChecksum(state), state };
    const res = await post('/api/account/import', file, a.laptop);
    expect(res.statusCode).toBe(200);
    for (const device of [laptop, phone]) expect((await device.socket.next('snapshot')).state.stores).toEqual({ wood: 321 });
    await laptop.socket.close();
    await phone.socket.close();
  });

  it('deleting the account closes every socket of it and writes nothing after', async () => {
    const a = await twoDevices();
    const laptop = await connect(a.laptop);
    const phone = await connect(a.phone);
    await light(laptop.socket);
    const res = await post('/api/account/delete', { confirm: a.email, currentPassword: a.password }, a.laptop);
    expect(res.statusCode).toBe(204);
    expect((await laptop.socket.closedBy()).code).toBe(ACCOUNT_DELETED_CLOSE.code);
    expect((await phone.socket.closedBy()).code).toBe(ACCOUNT_DELETED_CLOSE.code);
    await sleep(200);
    expect(await t.db.prisma.save.count({ where: { userId: a.userId } })).toBe(0);
    expect(t.app.games.peek(a.userId)).toBeUndefined();
  });

  it('takes a snapshot every 10 minutes of play of a loaded game', async () => {
    const a = await twoDevices();
    const laptop = await connect(a.laptop);
    expect(await t.app.saveHistory.sweep()).toBe(0); // the claim snapshot is at 0 ms of play
    // Ten minutes on: the host's game, moved on as if played.
    const host = t.app.games.peek(a.userId)!;
    host.replace({ ...host.currentState, clock: 10 * 60_000 + 1 });
    expect(await t.app.saveHistory.sweep()).toBe(1);
    expect(await t.app.saveHistory.sweep()).toBe(0);
    const list = (await t.app.inject({ method: 'GET', url: '/api/account/snapshots', headers: { cookie: a.laptop } })).json().snapshots;
    expect(list.map((s: { reason: string; playMs: number }) => [s.reason, s.playMs >= 600_000])).toEqual([
      ['auto', true],
      ['claim', false],
    ]);
    await laptop.socket.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { GameState } from '@smoulder/engine';
import { testBackends } from '../../db/test-database.ts';
import { sessionCookie, newGuest as newGuestOf, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe.each(testBackends())('the game socket on $name', (backend) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(backend.open);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const newGuest = () => newGuestOf(t.app);
  const connect = (cookie: string, origin = `http://${base}`) =>
    TestSocket.open(`ws://${base}/ws`, { cookie, origin });

  const savedState = async (userId: string) => {
    const save = await t.db.prisma.save.findUnique({ where: { userId } });
    return { state: save!.state as unknown as GameState, revision: save!.revision };
  };

  it('refuses a socket without a session, and one from a foreign origin', async () => {
    await expect(TestSocket.open(`ws://${base}/ws`, { origin: `http://${base}` })).rejects.toThrow(/401/);
    const { cookie } = await newGuest();
    await expect(connect(cookie, 'https://evil.example')).rejects.toThrow(/403/);
    await expect(TestSocket.open(`ws://${base}/ws`, { cookie })).rejects.toThrow(/403/);
  });

  it('opens with a snapshot, then answers a command with an ack and a patch', async () => {
    const { cookie } = await newGuest();
    const socket = await connect(cookie);
    const snapshot = await socket.next('snapshot');
    // The join brings the game up to its clock first: a change (seq 1) when that took a millisecond or more.
    expect(snapshot.seq).toBeLessThanOrEqual(1);
    expect(snapshot.state.room.fire).toBe(0);
    expect(snapshot.clock.rate).toBe(1);
    socket.send({ type: 'command', id: 'c1', command: { type: 'light_fire' } });
    const ack = await socket.next('ack');
    expect(ack.id).toBe('c1');
    expect(ack.seq).toBe(snapshot.seq + 1);
    const patch = await socket.next('patch');
    expect(patch.seq).toBe(ack.seq);
    expect(patch.ops).toContainEqual({ op: 'replace', path: '/room/fire', value: 3 });
    expect((await socket.next('notice')).key).toBe('notice.fire.burning');
    await socket.close();
  });

  it('keeps the socket open and the state unchanged on every kind of bad frame', async () => {
    const { cookie } = await newGuest();
    const socket = await connect(cookie);
    const first = await socket.next('snapshot');

    socket.send('{not json');
    expect((await socket.next('error')).code).toBe('message/invalid_json');
    socket.send({ type: 'dance' });
    expect((await socket.next('error')).code).toBe('message/invalid');
    socket.send({ type: 'command', id: 'bad', command: { type: 'build', building: 'castle' } });
    expect(await socket.next('reject')).toMatchObject({ id: 'bad', code: 'message/invalid' });
    socket.send({ type: 'command', id: 'early', command: { type: 'stoke_fire' } });
    expect(await socket.next('reject')).toMatchObject({ id: 'early', code: 'action/unavailable' });
    socket.send({ type: 'command', id: 'wood', command: { type: 'gather_wood' } });
    expect(await socket.next('reject')).toMatchObject({ id: 'wood', code: 'action/unavailable' });
    // Over 4 KB and up to 16 KB: refused with an error frame, and the socket stays.
    socket.send('x'.repeat(5000));
    expect((await socket.next('error')).code).toBe('message/too_large');
    socket.send(JSON.stringify({ type: 'command', id: 'big', command: { type: 'light_fire' }, pad: 'x'.repeat(16 * 1024 - 80) }));
    expect((await socket.next('error')).code).toBe('message/too_large');

    socket.send({ type: 'command', id: 'light', command: { type: 'light_fire' } });
    await socket.next('ack');
    socket.send({ type: 'command', id: 'again', command: { type: 'stoke_fire' } });
    const cooling = await socket.next('reject');
    expect(cooling).toMatchObject({ id: 'again', code: 'action/cooling_down', key: 'error.action.cooling_down' });

    socket.send({ type: 'resync' });
    const after = await socket.next('snapshot');
    expect(after.seq).toBe(first.seq + 1); // only the light changed anything
    expect(after.state.room.fire).toBe(3);
    expect(after.state.cooldowns.fire).toBeGreaterThan(after.state.clock);

    socket.send({ type: 'ping', t: 42 });
    expect((await socket.next('pong')).t).toBe(42);
    expect(socket.closed).toBeNull();
    await socket.close();
  });

  it('closes the socket with 1009 on a message over 16 KB, without reading it', async () => {
    const { cookie, userId } = await newGuest();
    const socket = await connect(cookie);
    await socket.next('snapshot');
    socket.send(JSON.stringify({ type: 'command', id: 'huge', command: { type: 'light_fire' }, pad: 'x'.repeat(16 * 1024) }));
    expect((await socket.closedBy()).code).toBe(1009);
    expect(socket.received.filter((m) => m.type === 'ack')).toEqual([]);
    await sleep(150);
    expect((await savedState(userId)).state.room.fire).toBe(0);
  });

  it('closes the socket with 1007 on a text frame that is not UTF-8 (a WebSocket protocol error)', async () => {
    const { cookie } = await newGuest();
    const socket = await connect(cookie);
    await socket.next('snapshot');
    socket.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect((await socket.closedBy()).code).toBe(1007);
  });

  it('answers the same bytes sent as a binary frame with an error, and keeps the socket', async () => {
    const { cookie } = await newGuest();
    const socket = await connect(cookie);
    await socket.next('snapshot');
    socket.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: true });
    expect((await socket.next('error')).code).toBe('message/invalid_json');
    expect(socket.closed).toBeNull();
    await socket.close();
  });

  it('rejects commands over the rate (20/s, burst 40) by id, and keeps the socket', async () => {
    const { cookie } = await newGuest();
    const socket = await connect(cookie);
    await socket.next('snapshot');
    for (let i = 0; i < 45; i++) socket.send({ type: 'command', id: `r${i}`, command: { type: 'stoke_fire' } });
    socket.send('not even json');
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push(await socket.next('reject'));
    const limited = answers.filter((r) => r.code === 'message/rate_limited');
    // The burst is taken whole (stoking an unlit fire: refused by the rules), then about 5 are over.
    expect(answers.filter((r) => r.code === 'action/unavailable').length).toBeGreaterThanOrEqual(40);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    expect(limited[0]).toMatchObject({ key: 'error.message.rate_limited' });
    expect(await socket.next('error')).toMatchObject({ code: 'message/rate_limited', key: 'error.message.rate_limited' });
    // A second later the bucket has refilled: commands are heard again.
    await sleep(1000);
    socket.send({ type: 'command', id: 'light', command: { type: 'light_fire' } });
    expect((await socket.next('ack')).id).toBe('light');
    expect(socket.closed).toBeNull();
    await socket.close();
  });

  it('closes a flooding socket with 1008', async () => {
    const { cookie } = await newGuest();
    const socket = await connect(cookie);
    await socket.next('snapshot');
    for (let i = 0; i < 500 && !socket.closed; i++) socket.send({ type: 'ping', t: i });
    expect((await socket.closedBy()).code).toBe(1008);
    const pongs = socket.received.filter((m) => m.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(40);
    expect(pongs).toBeLessThan(50);
  });

  it('sends every patch to every socket of the player, and nothing to other players', async () => {
    const { cookie } = await newGuest();
    const a = await connect(cookie);
    const b = await connect(cookie);
    const other = await connect((await newGuest()).cookie);
    const [, joined] = await Promise.all([a.next('snapshot'), b.next('snapshot'), other.next('snapshot')]);
    a.send({ type: 'command', id: 'from-a', command: { type: 'light_fire' } });
    const [pa, pb] = await Promise.all([a.patchAfter(joined.seq), b.next('patch')]);
    expect(pb).toEqual(pa);
    expect((await b.next('notice')).key).toBe('notice.fire.burning');
    expect(await b.quiet('ack')).toBe(true);
    expect(await other.quiet('patch')).toBe(true);
    await Promise.all([a.close(), b.close(), other.close()]);
  });

  it('lets go of the HTTP exchange that opened a socket once it is upgraded', async () => {
    const opened: Array<WeakRef<IncomingMessage>> = [];
    const track = (request: IncomingMessage) => void opened.push(new WeakRef(request));
    t.app.server.on('upgrade', track);
    const socket = await connect((await newGuest()).cookie);
    await socket.next('snapshot');
    t.app.server.off('upgrade', track);
    // A weakly held object outlives the task that made it: collect after that task is over.
    await sleep(0);
    collectGarbage();
    collectGarbage();
    expect(opened).toHaveLength(1);
    expect(opened[0].deref()).toBeUndefined();
    // ...and the socket still plays.
    socket.send({ type: 'command', id: 'c', command: { type: 'light_fire' } });
    expect((await socket.next('ack')).id).toBe('c');
    await socket.close();
  });

  it('writes a change within a second, with a new revision', async () => {
    const { cookie, userId } = await newGuest();
    const socket = await connect(cookie);
    await socket.next('snapshot');
    const before = await savedState(userId);
    socket.send({ type: 'command', id: 'l', command: { type: 'light_fire' } });
    await socket.next('ack');
    await sleep(1000);
    const after = await savedState(userId);
    expect(after.state.room.fire).toBe(3);
    expect(after.revision).toBeGreaterThan(before.revision);
    await socket.close();
  });

  it('stops the game clock while nobody is connected and resumes where it was', async () => {
    const { cookie, userId } = await newGuest();
    const first = await connect(cookie);
    await first.next('snapshot');
    first.send({ type: 'command', id: 'l', command: { type: 'light_fire' } });
    await first.next('ack');
    await first.close();
    await sleep(400); // past the 50 ms grace: written and unloaded
    expect(t.app.games.peek(userId)).toBeUndefined();
    const stored = await savedState(userId);
    const clockAtLeave = stored.state.clock;
    expect(stored.state.room.fire).toBe(3);
    const second = await connect(cookie);
    const snapshot = await second.next('snapshot');
    expect(snapshot.state.room.fire).toBe(3);
    expect(snapshot.state.clock - clockAtLeave).toBeLessThan(200);
    await second.close();
  });

  it('writes every loaded game when the server shuts down', async () => {
    const other = await startTestApp(backend.open, { saveDelayMs: 60_000 });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = `127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const guest = await other.app.inject({ method: 'POST', url: '/api/guest' });
    const cookie = sessionCookie(guest.headers['set-cookie']);
    const userId = guest.json().user.id;
    const socket = await TestSocket.open(`ws://${addr}/ws`, { cookie, origin: `http://${addr}` });
    await socket.next('snapshot');
    socket.send({ type: 'command', id: 'l', command: { type: 'light_fire' } });
    await socket.next('ack');
    const db = other.db;
    await other.app.close();
    const save = await db.prisma.save.findUnique({ where: { userId } });
    expect((save!.state as unknown as GameState).room.fire).toBe(3);
    // The player heard why, then the socket closed as a service restart.
    expect((await socket.closedBy()).code).toBe(1012);
    expect(socket.received.at(-1)).toMatchObject({ type: 'notice', key: 'notice.server.restarting', at: expect.any(Number) });
    await db.close();
  });
});

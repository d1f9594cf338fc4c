import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../config.ts';
import { testBackends } from '../../db/test-database.ts';
import { newGuest as newGuestOf, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import { CLOSE } from './socket-route.ts';

describe('MAX_GAMES', () => {
  it('is no limit unless set, and must be a whole number', () => {
    expect(loadConfig({}).maxGames).toBe(0);
    expect(loadConfig({ MAX_GAMES: '6000' }).maxGames).toBe(6000);
    expect(() => loadConfig({ MAX_GAMES: 'lots' })).toThrow(/whole number/);
  });
});

describe.each(testBackends())('MAX_GAMES on $name', (backend) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(backend.open, { maxGames: 2, unloadGraceMs: 50 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const newGuest = () => newGuestOf(t.app);
  const connect = (cookie: string) => TestSocket.open(`ws://${base}/ws`, { cookie, origin: `http://${base}` });
  const refusals = async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(text.split('\n').find((l) => l.startsWith('smoulder_games_refused_full_total '))!.split(' ')[1]);
  };

  it('turns a player away while as many games run as allowed, and lets them in once one is unloaded', async () => {
    const [a, b, c] = [await newGuest(), await newGuest(), await newGuest()];
    const first = await connect(a.cookie);
    await first.next('snapshot');
    const second = await connect(b.cookie);
    await second.next('snapshot');
    // A second device of a player already loaded takes no more room.
    const again = await connect(b.cookie);
    await again.next('snapshot');

    const before = await t.db.prisma.save.findUnique({ where: { userId: c.userId } });
    const refused = await connect(c.cookie);
    expect(await refused.next('error')).toMatchObject({ code: 'server/unavailable' });
    expect((await refused.closedBy()).code).toBe(CLOSE.unavailable);
    expect(await refusals()).toBe(1);
    expect(await t.db.prisma.save.findUnique({ where: { userId: c.userId } })).toEqual(before);

    // The games still running go on as before.
    second.send({ type: 'command', id: 'c1', command: { type: 'light_fire' } });
    expect(await second.next('ack')).toMatchObject({ id: 'c1' });

    await first.close();
    const deadline = Date.now() + 5_000;
    let admitted: TestSocket | null = null;
    while (!admitted) {
      if (Date.now() > deadline) throw new Error('still turned away 5 s after a game was let go');
      const socket = await connect(c.cookie);
      const first = await Promise.race([socket.next('snapshot').then(() => 'snapshot'), socket.next('error').then(() => 'error')]);
      if (first === 'snapshot') admitted = socket;
      else await new Promise((r) => setTimeout(r, 50));
    }
    admitted.send({ type: 'command', id: 'c2', command: { type: 'light_fire' } });
    expect(await admitted.next('ack')).toMatchObject({ id: 'c2' });
    for (const socket of [second, again, admitted]) await socket.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../app.ts';
import { testBackends } from '../../db/test-database.ts';
import { sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TestSocket } from '../../testing/test-socket.ts';

/** One sample's value from the exposition text, e.g. `smoulder_players_online` or `x_total{a="b"}`. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

// Metrics do not depend on the database, so one backend (the embedded one) is enough here.
const backend = testBackends()[0];

describe('GET /metrics', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(backend.open);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('exposes the process defaults, event-loop lag included, and the game gauges at zero', async () => {
    const text = await scrape();
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(sample(text, name)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'smoulder_players_online')).toBe(0);
    expect(sample(text, 'smoulder_games_loaded')).toBe(0);
    expect(sample(text, 'smoulder_ws_connections')).toBe(0);
    expect(sample(text, 'smoulder_game_wakes_total')).toBe(0);
    expect(sample(text, 'smoulder_games_refused_full_total')).toBe(0);
  });

  it('counts players, commands and their latency, refused frames and saves', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/api/guest' });
    const socket = await TestSocket.open(`ws://${base}/ws`, { cookie: sessionCookie(guest.headers['set-cookie']), origin: `http://${base}` });
    await socket.next('snapshot');
    socket.send({ type: 'command', id: 'a', command: { type: 'light_fire' } });
    await socket.next('ack');
    socket.send({ type: 'command', id: 'b', command: { type: 'gather_wood' } });
    await socket.next('reject');
    socket.send('{oops');
    await socket.next('error');
    await new Promise((r) => setTimeout(r, 200)); // past the 50 ms save delay

    const text = await scrape();
    expect(sample(text, 'smoulder_players_online')).toBe(1);
    expect(sample(text, 'smoulder_games_loaded')).toBe(1);
    expect(sample(text, 'smoulder_ws_connections')).toBe(1);
    expect(sample(text, 'smoulder_commands_total{type="light_fire",outcome="ok"}')).toBe(1);
    expect(sample(text, 'smoulder_commands_total{type="gather_wood",outcome="rejected"}')).toBe(1);
    expect(sample(text, 'smoulder_command_duration_seconds_count')).toBe(2);
    expect(sample(text, 'smoulder_ws_frames_refused_total{code="message/invalid_json"}')).toBe(1);
    expect(sample(text, 'smoulder_save_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'smoulder_save_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'smoulder_save_batch_size_count')).toBeGreaterThanOrEqual(1);
    // One join: its session looked up, its game loaded (the lock taken, the save read).
    for (const stage of ['session', 'game', 'lock', 'read']) {
      expect(sample(text, `smoulder_ws_join_seconds_count{stage="${stage}"}`), stage).toBe(1);
    }

    await socket.close();
    await new Promise((r) => setTimeout(r, 300)); // the 50 ms unload grace
    const after = await scrape();
    expect(sample(after, 'smoulder_players_online')).toBe(0);
    expect(sample(after, 'smoulder_ws_connections')).toBe(0);
    expect(sample(after, 'smoulder_games_loaded')).toBe(0);
  });

  it('counts a socket closed for an oversized message as an error and a kick', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/api/guest' });
    const socket = await TestSocket.open(`ws://${base}/ws`, { cookie: sessionCookie(guest.headers['set-cookie']), origin: `http://${base}` });
    await socket.next('snapshot');
    socket.send('x'.repeat(20_000));
    expect((await socket.closedBy()).code).toBe(1009);
    await new Promise((r) => setTimeout(r, 50));
    const text = await scrape();
    expect(sample(text, 'smoulder_ws_errors_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'smoulder_ws_kicked_total{reason="too_large"}')).toBe(1);
  });

  it('asks for the bearer token when METRICS_TOKEN is set, and is absent when disabled', async () => {
    const guarded = await buildApp({ ...t.config, metrics: { enabled: true, token: 's3cret' } }, { database: t.db, logger: false });
    const get = (authorization?: string) =>
      guarded.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get('Bearer wrong')).statusCode).toBe(401);
    expect((await get('s3cret')).statusCode).toBe(401);
    const ok = await get('Bearer s3cret');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('smoulder_players_online');
    await guarded.close();

    const disabled = await buildApp({ ...t.config, metrics: { enabled: false } }, { database: t.db, logger: false });
    expect((await disabled.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await disabled.close();
  });
});

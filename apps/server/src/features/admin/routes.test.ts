import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CSV_TABLES,
  ADMIN_ROUTES,
  Breakdowns,
  DropOff,
  Funnel,
  HttpError,
  Overview,
  PlayerDetail,
  PlayerSearch,
  Retention,
} from '@smoulder/protocol';
import type { z } from 'zod';
import { testBackends } from '../../db/test-database.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { signIn } from '../../testing/sign-in.ts';
import { TestSocket } from '../../testing/test-socket.ts';
import { loadDataset, NOW, type Dataset } from './hand-made-dataset.ts';

describe.each(testBackends())('the admin API on $name', (backend) => {
  let t: TestApp;
  let data: Dataset;
  let admin: string;
  let player: string;
  beforeAll(async () => {
    t = await startTestApp(backend.open, {}, { wallNow: () => NOW });
    data = await loadDataset(t.db);
    admin = (await signIn(t.db, { email: 'admin@x.test', admin: true })).cookie;
    player = (await signIn(t.db, { email: 'player@x.test' })).cookie;
    // The two sign-ins are players too (signed up now, per the database clock): refresh again.
    await t.app.analytics.refreshRollups();
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** Every admin route, with a valid request for each. */
  const routes = (): Array<[string, string, z.ZodType | null]> => [
    ['overview', ADMIN_ROUTES.overview, Overview],
    ['funnel', ADMIN_ROUTES.funnel, Funnel],
    ['drop-off', ADMIN_ROUTES.dropOff, DropOff],
    ['retention', ADMIN_ROUTES.retention, Retention],
    ['breakdowns', ADMIN_ROUTES.breakdowns, Breakdowns],
    ['player search', `${ADMIN_ROUTES.players}?query=a%40`, PlayerSearch],
    ['player', ADMIN_ROUTES.player.replace(':id', data.ids.A), PlayerDetail],
    ['online', ADMIN_ROUTES.online, null],
  ];

  it('covers every route of the contract', () => {
    expect(routes().map(([, url]) => url.split('?')[0].replace(data.ids.A, ':id')).sort()).toEqual(Object.values(ADMIN_ROUTES).sort());
  });

  it('answers 401 without a session and 403 to a player, on every route and as CSV too', async () => {
    for (const [, url] of routes()) {
      const csvUrl = `${url}${url.includes('?') ? '&' : '?'}format=csv`;
      for (const target of [url, csvUrl]) {
        const anonymous = await get(target);
        expect(anonymous.statusCode, target).toBe(401);
        expect(HttpError.parse(anonymous.json()).error.code).toBe('auth/required');
        const forbidden = await get(target, player);
        expect(forbidden.statusCode, target).toBe(403);
        expect(HttpError.parse(forbidden.json()).error.code).toBe('auth/forbidden');
        // A made-up cookie is no session either.
        expect((await get(target, 'smoulder_session=forged')).statusCode).toBe(401);
      }
    }
  });

  it('answers an admin on every table route with the contract shape', async () => {
    for (const [name, url, schema] of routes()) {
      if (!schema) continue;
      const res = await get(url, admin);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(schema.safeParse(res.json()).success, name).toBe(true);
    }
  });

  it('serves the hand-made numbers', async () => {
    const funnel = Funnel.parse((await get(`${ADMIN_ROUTES.funnel}?from=2026-03-01&to=2026-03-15`, admin)).json());
    expect(funnel.steps.slice(0, 3).map((s) => [s.milestone, s.players, s.medianPlayMs, s.p90PlayMs])).toEqual([
      ['new_game', 5, 0, 0],
      ['fire_lit', 4, 25_000, 37_000],
      ['builder_arrived', 3, 200_000, 280_000],
    ]);
    const overview = Overview.parse((await get(`${ADMIN_ROUTES.overview}?to=2026-03-15`, admin)).json());
    expect(overview.players).toEqual({ total: 6, guests: 4, accounts: 2 });
    expect(overview.onlineNow).toBe(0);
    const retention = Retention.parse((await get(`${ADMIN_ROUTES.retention}?from=2026-03-02&to=2026-03-08`, admin)).json());
    expect(retention.cohorts).toEqual([{ week: '2026-03-02', size: 4, weeks: [0.75, 0.5, 0.25] }]);
    const drop = DropOff.parse((await get(`${ADMIN_ROUTES.dropOff}?to=2026-03-15`, admin)).json());
    expect(drop.rows).toEqual([
      { milestone: 'fire_lit', players: 1 },
      { milestone: 'builder_arrived', players: 1 },
      { milestone: 'none', players: 1 },
    ]);
    const search = PlayerSearch.parse((await get(`${ADMIN_ROUTES.players}?query=${data.ids.D}`, admin)).json());
    expect(search.players.map((p) => p.email)).toEqual(['d@x.test']);
  });

  it('exports every table as CSV with a filename', async () => {
    const tables = ADMIN_CSV_TABLES as Record<string, readonly string[]>;
    const pages: Record<string, string> = {
      overview: ADMIN_ROUTES.overview,
      funnel: ADMIN_ROUTES.funnel,
      dropOff: ADMIN_ROUTES.dropOff,
      retention: ADMIN_ROUTES.retention,
      breakdowns: ADMIN_ROUTES.breakdowns,
      players: `${ADMIN_ROUTES.players}?query=a`,
      player: ADMIN_ROUTES.player.replace(':id', data.ids.A),
    };
    expect(Object.keys(pages).sort()).toEqual(Object.keys(tables).sort());
    for (const [page, url] of Object.entries(pages)) {
      for (const table of tables[page]) {
        const res = await get(`${url}${url.includes('?') ? '&' : '?'}format=csv&table=${table}&from=2026-03-01`, admin);
        expect(res.statusCode, `${page} ${table}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="smoulder-[a-z0-9_-]+\.csv"$/);
        expect(res.body.endsWith('\r\n')).toBe(true);
      }
    }
  });

  it('writes the same rows into the CSV as into the JSON', async () => {
    const funnel = await get(`${ADMIN_ROUTES.funnel}?format=csv&from=2026-03-01&to=2026-03-15`, admin);
    expect(funnel.headers['content-disposition']).toBe('attachment; filename="smoulder-funnel-from-2026-03-01-to-2026-03-15.csv"');
    const lines = funnel.body.split('\r\n');
    expect(lines[0]).toBe('milestone,players,from_previous,from_start,median_play_ms,p90_play_ms');
    expect(lines[1]).toBe('new_game,5,1,1,0,0');
    expect(lines[2]).toBe('fire_lit,4,0.8,0.8,25000,37000');
    expect(lines[5]).toBe('first_gather,0,0,0,,');

    const retention = await get(`${ADMIN_ROUTES.retention}?format=csv`, admin);
    expect(retention.body.split('\r\n').slice(0, 3)).toEqual([
      'week,size,week_0,week_1,week_2',
      '2026-03-02,4,0.75,0.5,0.25',
      '2026-03-09,2,0.5,0.5',
    ]);
    const devices = await get(`${ADMIN_ROUTES.breakdowns}?format=csv&table=devices&to=2026-03-15`, admin);
    expect(devices.headers['content-disposition']).toBe('attachment; filename="smoulder-breakdowns-devices-to-2026-03-15.csv"');
    expect(devices.body).toBe('devices,players\r\n0,2\r\n1,2\r\n2,2\r\n');
    const milestones = await get(`${ADMIN_ROUTES.player.replace(':id', data.ids.B)}?format=csv`, admin);
    expect(milestones.body.split('\r\n')[1]).toBe(`new_game,${data.games.b1},0,2026-03-02T15:00:00.000Z`);
  });

  it('refuses a bad query with a 400 in the error shape', async () => {
    for (const url of [
      `${ADMIN_ROUTES.funnel}?from=2026-02-30`,
      `${ADMIN_ROUTES.funnel}?from=yesterday`,
      `${ADMIN_ROUTES.funnel}?from=2026-03-10&to=2026-03-01`,
      `${ADMIN_ROUTES.funnel}?format=xml`,
      `${ADMIN_ROUTES.breakdowns}?format=csv&table=nope`,
      ADMIN_ROUTES.players,
    ]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(HttpError.parse(res.json()).error.code).toBe('request/invalid');
    }
    const missing = await get(ADMIN_ROUTES.player.replace(':id', '00000000-0000-4000-8000-000000000000'), admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('request/not_found');
  });

  it('pushes the number of players online as server-sent events', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const events: number[] = [];
    let waiting: (() => void) | null = null;
    const request = http.get(`http://${base}${ADMIN_ROUTES.online}`, { headers: { cookie: admin } });
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    let buffer = '';
    response.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.split('\n').find((line) => line.startsWith('data: '));
        if (data) events.push(JSON.parse(data.slice(6)).onlineNow);
        waiting?.();
      }
    });
    const next = async (count: number) => {
      const deadline = Date.now() + 3000;
      while (events.length < count && Date.now() < deadline) await new Promise<void>((r) => ((waiting = r), setTimeout(r, 100)));
      return events.slice(0, count);
    };
    expect(await next(1)).toEqual([0]);

    const guest = await signIn(t.db);
    const socket = await TestSocket.open(`ws://${base}/ws`, { cookie: guest.cookie, origin: `http://${base}` });
    await socket.next('snapshot');
    expect(await next(2)).toEqual([0, 1]);
    await socket.close();
    expect(await next(3)).toEqual([0, 1, 0]);
    request.destroy();
  });
});

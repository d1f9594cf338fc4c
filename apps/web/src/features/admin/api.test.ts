import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@smoulder/protocol';
import { ONLINE_URL, adminUrl, createAdminApi, csvUrl, failureFrom, failureKey, parseOnline, playerPath, rangeParams } from './api.ts';

function fakeFetch(status: number, body?: unknown) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetcher = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
  return { calls, fetcher };
}

const overview = {
  players: { total: 12, guests: 9, accounts: 3 },
  onlineNow: 2,
  active: { daily: 4, weekly: 7, monthly: 11 },
  newPlayersPerDay: [
    { day: '2026-11-30', players: 5 },
    { day: '2026-12-01', players: 7 },
  ],
};

const funnel = {
  steps: [
    { milestone: 'new_game', players: 100, fromPrevious: 1, fromStart: 1, medianPlayMs: 0, p90PlayMs: 0 },
    { milestone: 'fire_lit', players: 80, fromPrevious: 0.8, fromStart: 0.8, medianPlayMs: 4_000, p90PlayMs: 20_000 },
    { milestone: 'village_80', players: 0, fromPrevious: 0, fromStart: 0, medianPlayMs: null, p90PlayMs: null },
  ],
};

const summary = { id: 'p1', email: 'a@b.cd', createdAt: '2026-11-01T10:00:00.000Z', lastSeenAt: null, lastMilestone: 'fire_lit' };

describe('admin URLs', () => {
  it('puts the date range in the query string, and leaves out what is missing or not a date', () => {
    expect(adminUrl('funnel', rangeParams({ from: '2026-11-01', to: '2026-11-30' }))).toBe('/api/admin/funnel?from=2026-11-01&to=2026-11-30');
    expect(adminUrl('funnel', rangeParams({}))).toBe('/api/admin/funnel');
    expect(adminUrl('retention', rangeParams({ from: '2026-13-01', to: '2026-11-30' }))).toBe('/api/admin/retention?to=2026-11-30');
  });

  it('encodes a search and a player id', () => {
    expect(adminUrl('players', { query: ' a+b@c.de ', from: '2026-11-01' })).toBe('/api/admin/players?query=a%2Bb%40c.de&from=2026-11-01');
    expect(playerPath('p/1 x')).toBe('players/p%2F1%20x');
  });

  it('downloads tables as CSV from the same URL plus format=csv', () => {
    const range = { from: '2026-11-01', to: '2026-11-30' };
    expect(csvUrl('funnel', range)).toBe('/api/admin/funnel?from=2026-11-01&to=2026-11-30&format=csv');
    expect(csvUrl('overview', {})).toBe('/api/admin/overview?format=csv');
    expect(csvUrl('overview', {}, { table: 'new_players' })).toBe('/api/admin/overview?table=new_players&format=csv');
    expect(csvUrl('players', range, { query: 'a@b.cd' })).toBe('/api/admin/players?query=a%40b.cd&from=2026-11-01&to=2026-11-30&format=csv');
    expect(csvUrl('breakdowns', {}, { table: 'devices' })).toBe('/api/admin/breakdowns?table=devices&format=csv');
    expect(csvUrl(playerPath('p1'), { to: '2026-11-30' }, { table: 'snapshots' })).toBe('/api/admin/players/p1?to=2026-11-30&table=snapshots&format=csv');
  });

  it('asks where the protocol says each route lives', () => {
    expect({
      overview: adminUrl('overview'),
      funnel: adminUrl('funnel'),
      dropOff: adminUrl('dropoff'),
      retention: adminUrl('retention'),
      breakdowns: adminUrl('breakdowns'),
      players: adminUrl('players'),
      player: adminUrl(playerPath(':id')).replace('%3A', ':'),
      online: ONLINE_URL,
    }).toEqual(ADMIN_ROUTES);
  });
});

describe('admin requests', () => {
  it('asks for JSON with the session cookie, and checks the answer against the schema', async () => {
    const { calls, fetcher } = fakeFetch(200, overview);
    const result = await createAdminApi(fetcher).overview({ from: '2026-11-01' });
    expect(result).toEqual({ ok: true, data: overview });
    expect(calls[0].url).toBe('/api/admin/overview?from=2026-11-01');
    expect(calls[0].init).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: { accept: 'application/json' } });
  });

  it('reads every route through its schema', async () => {
    const answers: Record<string, unknown> = {
      '/api/admin/funnel': funnel,
      '/api/admin/dropoff': { inactiveSince: '2026-11-26T00:00:00.000Z', rows: [{ milestone: 'fire_lit', players: 3 }] },
      '/api/admin/retention': { cohorts: [{ week: '2026-11-02', size: 10, weeks: [1, 0.5, 0.25] }] },
      '/api/admin/breakdowns': { languages: [{ locale: 'pl', players: 3 }], devices: [{ devices: 1, players: 3 }] },
      '/api/admin/players?query=a%40b.cd': { players: [summary] },
      '/api/admin/players/p1': {
        player: summary,
        milestones: [{ milestone: 'fire_lit', gameId: 'g1', playMs: 4000, at: '2026-11-01T10:01:00.000Z' }],
        devices: [{ device: 'firefox on linux', locale: 'pl', firstSeen: '2026-11-01T10:00:00.000Z', lastSeen: '2026-11-02T10:00:00.000Z', sessions: 3 }],
        snapshots: [{ id: 's1', at: '2026-11-02T10:00:00.000Z', playMs: 90_000, milestone: null }],
      },
    };
    const fetcher = async (url: string) => new Response(JSON.stringify(answers[url]), { status: answers[url] ? 200 : 404 });
    const api = createAdminApi(fetcher);
    const results = await Promise.all([api.funnel({}), api.dropoff({}), api.retention({}), api.breakdowns({}), api.searchPlayers('a@b.cd', {}), api.player('p1', {})]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, true]);
  });

  it('refuses an answer of the wrong shape instead of showing half of it', async () => {
    const bad = { steps: [{ ...funnel.steps[0], players: 'many' }] };
    expect(await createAdminApi(fakeFetch(200, bad).fetcher).funnel({})).toEqual({ ok: false, status: 200, code: 'invalid_response' });
    expect(await createAdminApi(fakeFetch(200, '<html>').fetcher).overview({})).toMatchObject({ ok: false, code: 'invalid_response' });
    const badDay = { ...overview, newPlayersPerDay: [{ day: '30/11/2026', players: 5 }] };
    expect(await createAdminApi(fakeFetch(200, badDay).fetcher).overview({})).toMatchObject({ ok: false, code: 'invalid_response' });
  });

  it('tells a player, a missing session, a missing player and an unreachable server apart', async () => {
    expect(await createAdminApi(fakeFetch(403, { error: { code: 'auth/required', message: 'no' } }).fetcher).funnel({})).toEqual({
      ok: false,
      status: 403,
      code: 'forbidden',
    });
    expect(await createAdminApi(fakeFetch(401, { error: { code: 'auth/required', message: 'no' } }).fetcher).funnel({})).toMatchObject({
      code: 'auth/required',
    });
    expect(await createAdminApi(fakeFetch(404).fetcher).player('nobody', {})).toMatchObject({ status: 404, code: 'request/not_found' });
    expect(await createAdminApi(fakeFetch(502, '<html>bad gateway</html>').fetcher).retention({})).toMatchObject({ code: 'server/error' });
    const offline = createAdminApi(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await offline.breakdowns({})).toEqual({ ok: false, status: 0, code: 'network' });
  });

  it('passes the abort signal on', async () => {
    const { calls, fetcher } = fakeFetch(200, funnel);
    const controller = new AbortController();
    await createAdminApi(fetcher).funnel({}, controller.signal);
    expect(calls[0].init?.signal).toBe(controller.signal);
  });

  it('explains each failure with a catalog key', () => {
    expect(failureKey(failureFrom(403, null))).toBe('admin.error.forbidden');
    expect(failureKey({ ok: false, status: 0, code: 'network' })).toBe('admin.error.network');
    expect(failureKey({ ok: false, status: 200, code: 'invalid_response' })).toBe('admin.error.invalid_response');
    expect(failureKey(failureFrom(429, {}))).toBe('error.request.rate_limited');
  });
});

describe('online updates', () => {
  it('reads a count from an SSE data line, and nothing from anything else', () => {
    expect(parseOnline('{"onlineNow":7}')).toBe(7);
    expect(parseOnline('{"onlineNow":"7"}')).toBeNull();
    expect(parseOnline('{"onlineNow":1.5}')).toBeNull();
    expect(parseOnline('not json')).toBeNull();
    expect(parseOnline(undefined)).toBeNull();
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORE, type GameState } from '@smoulder/engine';
import { testBackends } from '../../db/test-database.ts';
import { INJECT_ORIGIN, sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';

const FIXTURES = new URL('../../../../../packages/engine/src/import/fixtures/', import.meta.url);
const code = (name: string) => readFileSync(new URL(`${name}.code.txt`, FIXTURES), 'utf8').trim();
const original = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as Record<string, any>;
const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString('base64');
const URL_ORIGINAL = '/api/account/import/original';

describe.each(testBackends())("importing the original game's save code on $name", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend.open, { guestRateLimit: { max: 1000, windowMs: 60_000 }, loginRateLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  const post = (payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: URL_ORIGINAL,
      payload: typeof payload === 'string' ? payload : (payload as object),
      headers: { origin: INJECT_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    });
  const guest = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest', headers: { origin: INJECT_ORIGIN } });
    return { cookie: sessionCookie(res.headers['set-cookie']), id: res.json().user.id as string };
  };
  const save = async (userId: string) => {
    const row = await t.db.prisma.save.findUniqueOrThrow({ where: { userId } });
    return { state: row.state as unknown as GameState, revision: row.revision };
  };

  it('401 without a session, 403 from another site', async () => {
    expect((await post({ code: code('early') })).statusCode).toBe(401);
    const p = await guest();
    expect((await post({ code: code('early') }, p.cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('converts a village with its map, keeps the game as it was first, and lists what was not carried', async () => {
    const p = await guest();
    const res = await post({ code: code('village') }, p.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: { reason: 'before_import' }, notCarried: [{ key: 'timers' }, { key: 'milestones' }, { key: 'wait' }] });
    const { state } = await save(p.id);
    expect(state.outside.population).toBe(18);
    expect(state.outside.buildings.hut).toBe(5);
    expect(state.stores.compass).toBe(1);
    expect(state.world?.done.sort()).toEqual(['27,26', '33,30']);
    const history = (await t.app.inject({ method: 'GET', url: '/api/account/snapshots', headers: { cookie: p.cookie } })).json();
    expect(history.snapshots.map((s: { reason: string }) => s.reason)).toContain('before_import');
  });

  it('converts an endgame: ship, prestige, options', async () => {
    const p = await guest();
    const res = await post({ code: code('endgame') }, p.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().notCarried).toContainEqual({ key: 'store', params: { name: 'glass beads' } });
    const { state } = await save(p.id);
    expect(state.ship).toEqual({ hull: 5, thrusters: 3, seenWarning: true });
    expect(state.prestige.score).toBe(41230);
    expect(state.config.hyperMode).toBe(true);
  });

  describe('hostile input changes nothing and gets a clear error', () => {
    const early = () => original('early');
    const text = () => JSON.stringify(early());
    const cases: Array<[string, () => unknown, number, string]> = [
      ['not base64', () => ({ code: 'this is not a save code!' }), 400, 'import/not_base64'],
      ['not JSON', () => ({ code: encode('{"version":1.3,') }), 400, 'import/not_json'],
      ['not the original', () => ({ code: encode({ hello: 'world' }) }), 400, 'import/not_original'],
      ['10 MB of input', () => ({ code: 'A'.repeat(10 * 1024 * 1024) }), 413, 'import/too_large'],
      ['a negative number', () => ({ code: encode({ ...early(), stores: { wood: -1 } }) }), 400, 'import/bad_value'],
      ['a fractional count', () => ({ code: encode({ ...early(), stores: { wood: 1.5 } }) }), 400, 'import/bad_value'],
      ['NaN (not JSON)', () => ({ code: encode(text().replace('"wood":120', '"wood":NaN')) }), 400, 'import/not_json'],
      ['Infinity spelled 1e999', () => ({ code: encode(text().replace('"wood":120', '"wood":1e999')) }), 400, 'import/bad_value'],
      ['NaN as the original saves it (null)', () => ({ code: encode(text().replace('"wood":120', '"wood":null')) }), 400, 'import/bad_value'],
      ['beyond the maximum', () => ({ code: encode({ ...early(), stores: { wood: MAX_STORE + 1 } }) }), 400, 'import/bad_value'],
      ['more villagers than huts hold', () => ({ code: encode({ ...early(), game: { ...early().game, buildings: { hut: 1 }, population: 5 } }) }), 400, 'import/bad_value'],
      ['an unknown key', () => ({ code: encode({ ...early(), cheats: true }) }), 400, 'import/unknown_key'],
      ['a __proto__ key', () => ({ code: encode(text().replace('"stores":{', '"stores":{"__proto__":{"x":1},')) }), 400, 'import/unknown_key'],
      ['a constructor key', () => ({ code: encode(text().replace('"game":{', '"game":{"constructor":{"x":1},')) }), 400, 'import/unknown_key'],
      ['deep nesting', () => ({ code: encode(`{"version":1.3,"wait":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`) }), 400, 'import/too_deep'],
      ['a body without the code', () => ({ save: 'abc' }), 400, 'request/invalid'],
    ];
    it.each(cases)('%s', async (_, body, status, errorCode) => {
      const p = await guest();
      const before = await save(p.id);
      const res = await post(body(), p.cookie);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(errorCode);
      expect(res.json().error.message).toMatch(/\w/);
      const after = await save(p.id);
      expect(after.revision).toBe(before.revision);
      expect(after.state).toEqual(before.state);
      const history = (await t.app.inject({ method: 'GET', url: '/api/account/snapshots', headers: { cookie: p.cookie } })).json();
      expect(history.snapshots.map((s: { reason: string }) => s.reason)).not.toContain('before_import');
    });
  });
});

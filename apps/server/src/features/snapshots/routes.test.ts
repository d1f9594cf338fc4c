import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORE, newGame, type GameState } from '@smoulder/engine';
import { testBackends } from '../../db/test-database.ts';
import { INJECT_ORIGIN, sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { stateChecksum } from './save-file.ts';

const fixture = (version: number) =>
  JSON.parse(readFileSync(new URL(`../../../../../packages/engine/src/fixtures/save-v${version}.json`, import.meta.url), 'utf8'));

/** A save file as the export writes it, around any state (the checksum computed unless given). */
const fileOf = (state: unknown, extra: Record<string, unknown> = {}) => ({
  format: 'smoulder-save',
  version: 1,
  exportedAt: new Date().toISOString(),
  stateVersion: (state as { version: number }).version,
  checksum: stateChecksum(state),
  state,
  ...extra,
});

describe.each(testBackends())('save history, export and import on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Dozens of players from one test address: the per-IP limits are tested in accounts/routes.test.ts.
    t = await startTestApp(backend.open, { guestRateLimit: { max: 1000, windowMs: 60_000 }, loginRateLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  let n = 0;
  const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: typeof payload === 'string' ? payload : (payload as object),
      headers: { origin: INJECT_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** A claimed player (whose history starts with the claim snapshot). */
  const player = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest', headers: { origin: INJECT_ORIGIN } });
    const cookie = sessionCookie(res.headers['set-cookie']);
    const claim = await post('/api/register', { email: `saver${++n}@example.com`, password: 'a good long password' }, cookie);
    return { cookie: sessionCookie(claim.headers['set-cookie']), id: res.json().user.id as string };
  };
  const save = async (userId: string) => {
    const row = await t.db.prisma.save.findUniqueOrThrow({ where: { userId } });
    return { state: row.state as unknown as GameState, revision: row.revision };
  };
  const snapshots = async (cookie: string) =>
    (await get('/api/account/snapshots', cookie)).json().snapshots as Array<{ id: string; reason: string; playMs: number; lastMilestone: string | null; createdAt: string }>;
  /** Puts a state straight into a player's save (no host is loaded in these tests). */
  const setSave = async (userId: string, state: GameState) => {
    await t.db.prisma.save.update({ where: { userId }, data: { state: state as object, stateVersion: state.version, revision: { increment: 1 } } });
  };

  describe('without a session every route answers 401', () => {
    it.each([
      ['GET', '/api/account/snapshots'],
      ['POST', '/api/account/snapshots/00000000-0000-4000-8000-000000000000/restore'],
      ['GET', '/api/account/export'],
      ['POST', '/api/account/import'],
    ])('%s %s', async (method, url) => {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { origin: INJECT_ORIGIN, 'content-type': 'application/json' },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(res.statusCode).toBe(401);
    });
  });

  it('a cross-site page cannot restore or import (403)', async () => {
    const p = await player();
    const [snap] = await snapshots(p.cookie);
    const before = await save(p.id);
    expect((await post(`/api/account/snapshots/${snap.id}/restore`, {}, p.cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const file = fileOf(newGame(9));
    expect((await post('/api/account/import', file, p.cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await save(p.id)).toEqual(before);
  });

  it('the history starts with the claim, with its play time and last milestone', async () => {
    const p = await player();
    const list = await snapshots(p.cookie);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ reason: 'claim', playMs: 0, lastMilestone: null });
    expect(Date.now() - Date.parse(list[0].createdAt)).toBeLessThan(60_000);
  });

  describe('restore', () => {
    it('puts the snapshot back, keeping the game as it was in a snapshot first', async () => {
      const p = await player();
      const [claim] = await snapshots(p.cookie);
      const later = { ...newGame(1), clock: 900_000, stores: { wood: 77 }, milestones: { fire_lit: 1000, builder_arrived: 40_000 } };
      await setSave(p.id, later);
      const res = await post(`/api/account/snapshots/${claim.id}/restore`, {}, p.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ restored: claim.id, saved: { reason: 'before_restore', playMs: 900_000, lastMilestone: 'builder_arrived' } });
      const now = await save(p.id);
      expect(now.state.clock).toBe(0);
      expect(now.state.stores).toEqual({});
      expect((await snapshots(p.cookie)).map((s) => s.reason)).toEqual(['before_restore', 'claim']);
    });

    it('nobody restores another player’s snapshot: 404, and neither game changes', async () => {
      const a = await player();
      const b = await player();
      const [theirs] = await snapshots(b.cookie);
      const aBefore = await save(a.id);
      const bBefore = await save(b.id);
      const res = await post(`/api/account/snapshots/${theirs.id}/restore`, {}, a.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('request/not_found');
      expect(await save(a.id)).toEqual(aBefore);
      expect(await save(b.id)).toEqual(bBefore);
      expect(await snapshots(a.cookie)).toHaveLength(1);
      // Nor do they appear in anyone else's list.
      expect((await snapshots(a.cookie)).some((s) => s.id === theirs.id)).toBe(false);
    });

    it('answers 404 for an id that does not exist or is not a uuid', async () => {
      const p = await player();
      expect((await post('/api/account/snapshots/00000000-0000-4000-8000-000000000000/restore', {}, p.cookie)).statusCode).toBe(404);
      expect((await post('/api/account/snapshots/nope/restore', {}, p.cookie)).statusCode).toBe(404);
    });
  });

  describe('export', () => {
    it('downloads my game as a versioned JSON file whose checksum is the sha-256 of the canonical state', async () => {
      const p = await player();
      const state = { ...newGame(4), clock: 123_000, stores: { wood: 5 } };
      await setSave(p.id, state);
      const res = await get('/api/account/export', p.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="smoulder-\d{4}-\d{2}-\d{2}\.json"$/);
      const file = res.json();
      expect(file).toMatchObject({ format: 'smoulder-save', version: 1, stateVersion: state.version });
      expect(file.state).toEqual(state);
      expect(file.checksum).toBe(stateChecksum(state));
      expect(file.checksum).toMatch(/^[0-9a-f]{64}$/);
    });

    it('exports only my own game', async () => {
      const a = await player();
      const b = await player();
      await setSave(b.id, { ...newGame(4), stores: { wood: 999 } });
      expect((await get('/api/account/export', a.cookie)).json().state.stores).toEqual({});
      expect((await get(`/api/account/export?userId=${b.id}`, a.cookie)).json().state.stores).toEqual({});
    });
  });

  describe('import', () => {
    it('takes a file exported elsewhere: the game is replaced, the old one kept as a snapshot', async () => {
      const a = await player();
      const b = await player();
      await setSave(a.id, { ...newGame(4), clock: 50_000, stores: { wood: 42 }, milestones: { fire_lit: 10 } });
      const file = (await get('/api/account/export', a.cookie)).json();
      const res = await post('/api/account/import', file, b.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ fromVersion: file.stateVersion, migrated: false, saved: { reason: 'before_import' } });
      expect((await save(b.id)).state.stores).toEqual({ wood: 42 });
      expect((await snapshots(b.cookie)).map((s) => s.reason)).toEqual(['before_import', 'claim']);
    });

    it.each([1, 2, 3, 4])('migrates a file of save version %s to the current one', async (version) => {
      const p = await player();
      const state = fixture(version);
      const res = await post('/api/account/import', fileOf(state), p.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ fromVersion: version, migrated: true });
      const now = await save(p.id);
      expect(now.state.version).toBe(newGame(1).version);
      expect(now.state.clock).toBe(state.clock);
    });

    describe('hostile input changes nothing and gets a clear error', () => {
      const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
      const withState = (change: (s: Record<string, any>) => void) => {
        const s = JSON.parse(JSON.stringify(newGame(3)));
        change(s);
        return fileOf(s);
      };
      const cases: Array<[string, () => string | object, number, string, RegExp]> = [
        ['not JSON', () => 'this is not json {', 400, 'import/not_json', /not JSON/],
        ['a NaN, which JSON has not', () => JSON.stringify(fileOf(newGame(3))).replace('"clock":0', '"clock":NaN'), 400, 'import/not_json', /not JSON/],
        ['an original 2013 save code (base64, not JSON)', () => '"eyJ2ZXJzaW9uIjoxLjN9"', 400, 'import/not_ours', /not a smoulder save/],
        ['a JSON array', () => '[1,2,3]', 400, 'import/not_ours', /not a smoulder save/],
        ['JSON of another kind', () => ({ hello: 'world' }), 400, 'import/not_ours', /not a smoulder save/],
        ['a changed state (checksum)', () => ({ ...fileOf(newGame(3)), state: { ...newGame(3), stores: { wood: 9999 } } }), 400, 'import/tampered', /checksum/],
        ['a bad checksum', () => fileOf(newGame(3), { checksum: 'abc' }), 400, 'import/invalid', /checksum/],
        ['an unknown key in the file', () => fileOf(newGame(3), { cheat: true }), 400, 'import/invalid', /cheat/],
        ['an unknown key in the state', () => withState((s) => (s.godMode = true)), 400, 'import/invalid', /godMode/],
        ['a negative number', () => withState((s) => (s.stores.wood = -5)), 400, 'import/invalid', /stores\.wood/],
        ['a fractional number', () => withState((s) => (s.stores.wood = 2.5)), 400, 'import/invalid', /stores\.wood/],
        ['a number beyond the maximum', () => withState((s) => (s.stores.wood = MAX_STORE * 10)), 400, 'import/invalid', /stores\.wood/],
        ['a huge number (1e400 reads as Infinity)', () => JSON.stringify(withState((s) => (s.stores.wood = 1))).replace('"wood":1', '"wood":1e400'), 400, 'import/', /./],
        ['a string for a number', () => withState((s) => (s.clock = '0')), 400, 'import/invalid', /clock/],
        ['a __proto__ key', () => JSON.stringify(fileOf(newGame(3))).replace('"stores":{}', '"stores":{"__proto__":{"isAdmin":true}}'), 400, 'import/invalid', /__proto__/],
        ['a constructor key', () => JSON.stringify(fileOf(newGame(3))).replace('"stores":{}', '"stores":{"constructor":{"name":"Object"}}'), 400, 'import/invalid', /constructor/],
        ['deep nesting', () => JSON.stringify(fileOf(newGame(3))).replace('"stores":{}', `"stores":${deep(5000)}`), 400, 'import/invalid', /nested/],
        ['a save version newer than the game', () => withState((s) => (s.version = 99)), 400, 'import/invalid', /stateVersion|version/],
      ];
      it.each(cases)('%s', async (_name, body, status, code, message) => {
        const p = await player();
        const before = await save(p.id);
        const res = await post('/api/account/import', body(), p.cookie);
        expect(res.statusCode).toBe(status);
        const error = res.json().error;
        expect(error.code).toMatch(new RegExp(`^${code}`));
        expect(JSON.stringify(error)).toMatch(message);
        expect(await save(p.id)).toEqual(before);
        expect(await snapshots(p.cookie)).toHaveLength(1);
      });

      it('10 MB of input: 413 before anything is read', async () => {
        const p = await player();
        const before = await save(p.id);
        const res = await post('/api/account/import', `{"pad":"${'x'.repeat(10 * 1024 * 1024)}"}`, p.cookie);
        expect(res.statusCode).toBe(413);
        expect(res.json().error.code).toBe('request/too_large');
        expect(await save(p.id)).toEqual(before);
      });

      it('a body that is not sent as JSON: 415', async () => {
        const p = await player();
        const res = await post('/api/account/import', 'x', p.cookie, { 'content-type': 'text/plain' });
        expect(res.statusCode).toBe(415);
      });
    });
  });
});

import type { InjectOptions } from 'fastify';
import { Readiness } from '@smoulder/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/test-database.ts';
import { INJECT_ORIGIN, sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';

describe.each(testBackends())('account routes on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend.open, { loginRateLimit: { max: 5, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  const counts = async () => ({
    users: await t.db.prisma.user.count(),
    sessions: await t.db.prisma.session.count(),
    saves: await t.db.prisma.save.count(),
  });

  const guest = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest', headers: { origin: INJECT_ORIGIN } });
    expect(res.statusCode).toBe(200);
    return { cookie: sessionCookie(res.headers['set-cookie']), user: res.json().user, res };
  };

  /** A POST as the game's own page sends it: with its Origin, and the cookie when given. */
  const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = { origin: INJECT_ORIGIN }) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { ...headers, cookie } : headers });

  it('answers 401 on /api/me without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth/required');
  });

  it('starts a guest with a game and an httpOnly, SameSite=Lax session cookie', async () => {
    const before = await counts();
    const { res, cookie, user } = await guest();
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(user).toMatchObject({ email: null, guest: true, admin: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.id).toBe(user.id);
    const save = await t.db.prisma.save.findUnique({ where: { userId: user.id } });
    expect((save?.state as { room: { fire: number } }).room.fire).toBe(0);
    expect(await counts()).toEqual({ users: before.users + 1, sessions: before.sessions + 1, saves: before.saves + 1 });
    // Asking again with the live session keeps the same player.
    const again = await post('/api/guest', {}, cookie);
    expect(again.json().user.id).toBe(user.id);
    expect((await counts()).users).toBe(before.users + 1);
  });

  it('stores only a hash of the session token', async () => {
    const { cookie } = await guest();
    const token = cookie.split('=')[1];
    expect(await t.db.prisma.session.findFirst({ where: { tokenHash: token } })).toBeNull();
  });

  describe('refuses bad registrations with a clear 4xx and creates nothing', () => {
    const cases: Array<[string, InjectOptions, number, RegExp]> = [
      ['missing fields', { method: 'POST', url: '/api/register', payload: {} }, 400, /email/],
      ['a malformed email', { method: 'POST', url: '/api/register', payload: { email: 'nope', password: 'long enough pw' } }, 400, /email/],
      ['a short password', { method: 'POST', url: '/api/register', payload: { email: 'a@b.co', password: 'short' } }, 400, /10 characters/],
      ['an unknown field', { method: 'POST', url: '/api/register', payload: { email: 'a@b.co', password: 'long enough pw', admin: true } }, 400, /admin/],
      ['a body that is not JSON', { method: 'POST', url: '/api/register', payload: 'email=a', headers: { 'content-type': 'text/plain' } }, 415, /json/i],
      ['broken JSON', { method: 'POST', url: '/api/register', payload: '{"email":', headers: { 'content-type': 'application/json' } }, 400, /json/i],
      ['an oversized body', { method: 'POST', url: '/api/register', payload: { email: 'a@b.co', password: 'x'.repeat(40_000) } }, 413, /too large/],
    ];
    it.each(cases)('%s', async (_name, request, status, message) => {
      const before = await counts();
      const res = await t.app.inject(request);
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(JSON.stringify(body.error)).toMatch(message);
      expect(await counts()).toEqual(before);
    });
  });

  it('claims the guest: same player, same game, a rotated session', async () => {
    const { cookie, user } = await guest();
    const res = await post('/api/register', { email: 'Claimer@Example.com', password: 'a fine long password' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: 'claimer@example.com', guest: false });
    const rotated = sessionCookie(res.headers['set-cookie']);
    expect(rotated).not.toBe(cookie);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: rotated } })).json().user.id).toBe(user.id);
    expect(await t.db.prisma.save.count({ where: { userId: user.id } })).toBe(1);
    const stored = await t.db.prisma.user.findUnique({ where: { id: user.id } });
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.passwordHash).not.toContain('a fine long password');
  });

  it('opens a new account when nobody is signed in, and refuses a taken email without creating anything', async () => {
    const res = await post('/api/register', { email: 'fresh@example.com', password: 'another long password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.guest).toBe(false);
    const before = await counts();
    const { cookie } = await guest();
    const taken = await post('/api/register', { email: 'FRESH@example.com', password: 'yet another password' }, cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('auth/email_taken');
    const after = await counts();
    expect(after.users).toBe(before.users + 1); // only the guest
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.guest).toBe(true);
  });

  it('signs in with the right password only, with one answer for unknown emails and wrong passwords', async () => {
    await post('/api/register', { email: 'login@example.com', password: 'correct horse battery' });
    const wrong = await post('/api/login', { email: 'login@example.com', password: 'wrong horse battery' });
    const unknown = await post('/api/login', { email: 'nobody@example.com', password: 'wrong horse battery' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    const ok = await post('/api/login', { email: 'LOGIN@example.com', password: 'correct horse battery' });
    expect(ok.statusCode).toBe(200);
    const cookie = sessionCookie(ok.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.email).toBe('login@example.com');
  });

  it('rate-limits sign-in attempts', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.8.7', payload: { email: 'x@example.com', password: 'whatever1' } });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const limited = await attempt();
    expect(limited.json().error.code).toBe('request/rate_limited');
  });

  it('limits failed sign-ins per account, across addresses, even for the right password', async () => {
    await post('/api/register', { email: 'target@example.com', password: 'the real password' });
    // Ten addresses, one guess each: the per-IP limit never sees more than one.
    const attempt = (password: string, i: number, email = 'Target@Example.com') =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: `10.20.0.${i}`, payload: { email, password } });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess number ${i}`, i)).statusCode).toBe(401);
    const locked = await attempt('the real password', 10);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('request/rate_limited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Other accounts are untouched.
    await post('/api/register', { email: 'bystander@example.com', password: 'another real password' });
    expect((await attempt('another real password', 11, 'bystander@example.com')).statusCode).toBe(200);
  });

  it('starts a new guest at most 30 times a minute per address', async () => {
    const start = () => t.app.inject({ method: 'POST', url: '/api/guest', remoteAddress: '10.30.0.1', headers: { origin: INJECT_ORIGIN } });
    const before = await counts();
    for (let i = 0; i < 30; i++) expect((await start()).statusCode).toBe(200);
    const limited = await start();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('request/rate_limited');
    expect((await counts()).users).toBe(before.users + 30);
    // Another address is not held back.
    expect((await t.app.inject({ method: 'POST', url: '/api/guest', remoteAddress: '10.30.0.2' })).statusCode).toBe(200);
  });

  describe('refuses cross-site requests that carry the session cookie (CSRF)', () => {
    it.each([
      ['no Origin or Referer at all', {}],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['an opaque Origin', { origin: 'null' }],
      ['a foreign Referer', { referer: 'https://evil.example/page' }],
      ['the right host on another port', { origin: 'http://localhost:8080' }],
    ])('%s', async (_name, headers: Record<string, string>) => {
      const { cookie, user } = await guest();
      const res = await post('/api/logout', {}, cookie, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('request/cross_origin');
      // Nothing happened: the session is still there.
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.json().user.id).toBe(user.id);
    });

    it('accepts our own Referer when a browser sends no Origin', async () => {
      const { cookie } = await guest();
      expect((await post('/api/logout', {}, cookie, { referer: `${INJECT_ORIGIN}/` })).statusCode).toBe(204);
    });

    it('refuses a foreign Origin even without a cookie (a cross-site page starting a guest)', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/guest', headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('replaces any session cookie sent before signing in (session fixation)', () => {
    it('a guest session: signing in gives a new token and ends the old one', async () => {
      await post('/api/register', { email: 'fixation@example.com', password: 'a fixation password' });
      const { cookie: planted } = await guest();
      const res = await post('/api/login', { email: 'fixation@example.com', password: 'a fixation password' }, planted);
      expect(res.statusCode).toBe(200);
      const fresh = sessionCookie(res.headers['set-cookie']);
      expect(fresh.split('=')[1]).not.toBe(planted.split('=')[1]);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: planted } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: fresh } })).json().user.email).toBe(
        'fixation@example.com',
      );
    });

    it('a token the attacker made up: it never becomes a session', async () => {
      await post('/api/register', { email: 'fixation2@example.com', password: 'a fixation password' });
      const planted = 'smoulder_session=attacker-chosen-token';
      const res = await post('/api/login', { email: 'fixation2@example.com', password: 'a fixation password' }, planted);
      expect(res.statusCode).toBe(200);
      expect(sessionCookie(res.headers['set-cookie'])).not.toBe(planted);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: planted } })).statusCode).toBe(401);
    });
  });

  it('signs out: the cookie is cleared and the session is gone', async () => {
    const { cookie } = await guest();
    const res = await post('/api/logout', {}, cookie);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/smoulder_session=;/);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('treats an expired session as none', async () => {
    const { cookie, user } = await guest();
    await t.db.prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(Readiness.parse(ready.json())).toMatchObject({ status: 'ready', database: t.db.kind });
  });
});

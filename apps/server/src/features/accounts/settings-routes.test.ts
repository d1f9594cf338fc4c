import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/test-database.ts';
import { INJECT_ORIGIN, sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DAY = 24 * 3600_000;

describe.each(testBackends())('devices and account settings on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Many sign-ins from one test address: the per-IP limit is tested in routes.test.ts.
    t = await startTestApp(backend.open, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  let n = 0;
  const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: INJECT_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  const guest = async (ua = FIREFOX) => {
    const res = await post('/api/guest', undefined, undefined, { 'user-agent': ua });
    return { cookie: sessionCookie(res.headers['set-cookie']), id: res.json().user.id as string, setCookie: String(res.headers['set-cookie']) };
  };
  /** A claimed account signed in on two devices: a laptop (the claim) and a phone (a sign-in). */
  const account = async () => {
    const email = `player${++n}@example.com`;
    const password = `the password ${n}`;
    const g = await guest(FIREFOX);
    const claim = await post('/api/register', { email, password }, g.cookie, { 'user-agent': FIREFOX });
    expect(claim.statusCode).toBe(200);
    const laptop = sessionCookie(claim.headers['set-cookie']);
    const login = await post('/api/login', { email, password }, undefined, { 'user-agent': IPHONE });
    const phone = sessionCookie(login.headers['set-cookie']);
    return { id: g.id, email, password, laptop, phone };
  };
  const devices = async (cookie: string) => (await get('/api/account/devices', cookie)).json().devices as Array<{
    id: string;
    device: string;
    current: boolean;
    firstSeen: string;
    lastSeen: string;
  }>;
  const alive = async (cookie: string) => (await get('/api/me', cookie)).statusCode === 200;

  describe('without a session every route answers 401', () => {
    it.each([
      ['GET', '/api/account/devices'],
      ['POST', '/api/account/devices/00000000-0000-4000-8000-000000000000/sign-out'],
      ['POST', '/api/account/devices/sign-out-others'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/email'],
      ['POST', '/api/account/delete'],
    ])('%s %s', async (method, url) => {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { origin: INJECT_ORIGIN } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('auth/required');
    });
  });

  describe('a cross-site page carrying the cookie gets 403 and changes nothing', () => {
    it.each([
      ['/api/account/devices/sign-out-others', {}],
      ['/api/account/password', { currentPassword: 'x', newPassword: 'a new long password' }],
      ['/api/account/email', { currentPassword: 'x', email: 'evil@example.com' }],
      ['/api/account/delete', { confirm: 'delete' }],
    ])('%s', async (url, payload) => {
      const a = await account();
      const res = await post(url, payload, a.laptop, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('request/cross_origin');
      expect(await alive(a.phone)).toBe(true);
      expect((await get('/api/me', a.laptop)).json().user.email).toBe(a.email);
    });
  });

  describe('devices', () => {
    it('lists each signed-in device by its browser, with first and last seen and "this device"', async () => {
      const a = await account();
      const list = await devices(a.phone);
      expect(list.map((d) => [d.device, d.current])).toEqual(
        expect.arrayContaining([
          ['firefox on linux', false],
          ['safari on ios', true],
        ]),
      );
      expect(list).toHaveLength(2);
      for (const d of list) expect(Date.parse(d.lastSeen)).toBeGreaterThanOrEqual(Date.parse(d.firstSeen));
    });

    it('signs one device out: its session ends, the other stays', async () => {
      const a = await account();
      const phone = (await devices(a.laptop)).find((d) => !d.current)!;
      const res = await post(`/api/account/devices/${phone.id}/sign-out`, {}, a.laptop);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ signedOut: 1 });
      expect(await alive(a.phone)).toBe(false);
      expect(await alive(a.laptop)).toBe(true);
      expect(await devices(a.laptop)).toHaveLength(1);
    });

    it('signing out this device clears its cookie', async () => {
      const a = await account();
      const me = (await devices(a.laptop)).find((d) => d.current)!;
      const res = await post(`/api/account/devices/${me.id}/sign-out`, {}, a.laptop);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/smoulder_session=;/);
      expect(await alive(a.laptop)).toBe(false);
      expect(await alive(a.phone)).toBe(true);
    });

    it('signs out every other device', async () => {
      const a = await account();
      const third = await post('/api/login', { email: a.email, password: a.password });
      const tablet = sessionCookie(third.headers['set-cookie']);
      const res = await post('/api/account/devices/sign-out-others', {}, a.laptop);
      expect(res.json()).toEqual({ signedOut: 2 });
      expect(await alive(a.phone)).toBe(false);
      expect(await alive(tablet)).toBe(false);
      expect(await alive(a.laptop)).toBe(true);
    });

    it('nobody reaches another player’s devices: their ids answer 404 and their sessions live on', async () => {
      const a = await account();
      const b = await account();
      const theirs = (await devices(b.phone)).map((d) => d.id);
      for (const id of theirs) {
        const res = await post(`/api/account/devices/${id}/sign-out`, {}, a.laptop);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('request/not_found');
      }
      expect(await alive(b.phone)).toBe(true);
      expect(await alive(b.laptop)).toBe(true);
      // Signing out "the others" is about my own devices only.
      await post('/api/account/devices/sign-out-others', {}, a.laptop);
      expect(await alive(b.phone)).toBe(true);
      // Nor does the list show anyone else's.
      expect((await devices(a.laptop)).map((d) => d.id).some((id) => theirs.includes(id))).toBe(false);
    });

    it('answers 404 for an id that is not a uuid', async () => {
      const a = await account();
      expect((await post('/api/account/devices/not-a-uuid/sign-out', {}, a.laptop)).statusCode).toBe(404);
    });

    it('a guest’s session lasts a year; an account’s the configured 30 days', async () => {
      const g = await guest();
      const expires = Date.parse(/Expires=([^;]+)/.exec(g.setCookie)![1]);
      expect(expires - Date.now()).toBeGreaterThan(364 * DAY);
      const session = await t.db.prisma.session.findFirst({ where: { userId: g.id } });
      expect(session!.expiresAt.getTime() - Date.now()).toBeGreaterThan(364 * DAY);
      expect(session!.device).toBe('firefox on linux');
      const a = await account();
      const accountSession = await t.db.prisma.session.findFirst({ where: { userId: a.id, device: 'safari on ios' } });
      const left = accountSession!.expiresAt.getTime() - Date.now();
      expect(left).toBeGreaterThan(29 * DAY);
      expect(left).toBeLessThan(31 * DAY);
    });
  });

  describe('change password', () => {
    it('needs the current password, then signs out every other device', async () => {
      const a = await account();
      const wrong = await post('/api/account/password', { currentPassword: 'not it at all', newPassword: 'a brand new password' }, a.laptop);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.code).toBe('auth/wrong_password');
      expect(await alive(a.phone)).toBe(true);

      const weak = await post('/api/account/password', { currentPassword: a.password, newPassword: 'short' }, a.laptop);
      expect(weak.statusCode).toBe(400);

      const ok = await post('/api/account/password', { currentPassword: a.password, newPassword: 'a brand new password' }, a.laptop);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ signedOut: 1 });
      expect(await alive(a.phone)).toBe(false);
      expect(await alive(a.laptop)).toBe(true);
      expect((await post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(401);
      expect((await post('/api/login', { email: a.email, password: 'a brand new password' })).statusCode).toBe(200);
    });

    it('refuses a guest (no password yet) with 403', async () => {
      const g = await guest();
      const res = await post('/api/account/password', { currentPassword: 'anything', newPassword: 'a brand new password' }, g.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('auth/forbidden');
    });

    it('refuses unknown fields', async () => {
      const a = await account();
      const res = await post('/api/account/password', { currentPassword: a.password, newPassword: 'a brand new password', userId: 'x' }, a.laptop);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('change email', () => {
    it('needs the current password; a taken email is 409; then the new one signs in', async () => {
      const a = await account();
      const b = await account();
      const wrong = await post('/api/account/email', { currentPassword: 'not it at all', email: 'new@example.com' }, a.laptop);
      expect(wrong.statusCode).toBe(403);
      const taken = await post('/api/account/email', { currentPassword: a.password, email: b.email.toUpperCase() }, a.laptop);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('auth/email_taken');
      const invalid = await post('/api/account/email', { currentPassword: a.password, email: 'nope' }, a.laptop);
      expect(invalid.statusCode).toBe(400);
      const fresh = `moved${n}@example.com`;
      const ok = await post('/api/account/email', { currentPassword: a.password, email: ` ${fresh.toUpperCase()} ` }, a.laptop);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user).toMatchObject({ id: a.id, email: fresh, guest: false });
      expect((await get('/api/me', a.phone)).json().user.email).toBe(fresh);
      expect((await post('/api/login', { email: fresh, password: a.password })).statusCode).toBe(200);
      expect((await post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(401);
    });

    it('refuses a guest with 403', async () => {
      const g = await guest();
      expect((await post('/api/account/email', { currentPassword: 'x', email: 'g@example.com' }, g.cookie)).statusCode).toBe(403);
    });
  });

  describe('delete the account', () => {
    const rows = async (userId: string) => ({
      users: await t.db.prisma.user.count({ where: { id: userId } }),
      sessions: await t.db.prisma.session.count({ where: { userId } }),
      saves: await t.db.prisma.save.count({ where: { userId } }),
      snapshots: await t.db.prisma.gameSnapshot.count({ where: { userId } }),
      milestones: await t.db.prisma.milestoneEvent.count({ where: { userId } }),
    });

    it('an account types its email and gives its password; everything of theirs goes, nobody else’s', async () => {
      const a = await account();
      const b = await account();
      const before = await rows(a.id);
      expect(before).toMatchObject({ users: 1, sessions: 2, saves: 1, snapshots: 1 });
      const bBefore = await rows(b.id);

      const mismatch = await post('/api/account/delete', { confirm: 'someone@else.com', currentPassword: a.password }, a.laptop);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.code).toBe('auth/confirmation_mismatch');
      const noPassword = await post('/api/account/delete', { confirm: a.email }, a.laptop);
      expect(noPassword.statusCode).toBe(403);
      expect(await rows(a.id)).toEqual(before);

      const res = await post('/api/account/delete', { confirm: a.email.toUpperCase(), currentPassword: a.password }, a.laptop);
      expect(res.statusCode).toBe(204);
      expect(String(res.headers['set-cookie'])).toMatch(/smoulder_session=;/);
      expect(await rows(a.id)).toEqual({ users: 0, sessions: 0, saves: 0, snapshots: 0, milestones: 0 });
      expect(await alive(a.phone)).toBe(false);
      expect(await rows(b.id)).toEqual(bBefore);
      // The email is free again.
      expect((await post('/api/register', { email: a.email, password: 'a new beginning' })).statusCode).toBe(200);
    });

    it('a guest types the word "delete"', async () => {
      const g = await guest();
      expect((await post('/api/account/delete', { confirm: 'yes' }, g.cookie)).statusCode).toBe(400);
      expect((await post('/api/account/delete', { confirm: 'Delete' }, g.cookie)).statusCode).toBe(204);
      expect(await rows(g.id)).toMatchObject({ users: 0, saves: 0 });
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_CLOSE, SIGNED_OUT_CLOSE } from '@smoulder/protocol';
import { accountHash, farewellFor, parseAccountHash, playTime, shouldShowGuestNotice } from './pages.ts';
import { createSettingsApi } from './settings-api.ts';

function fakeFetch(status: number, body?: unknown) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetcher = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
  return { calls, fetcher };
}

const device = { id: 'd1', device: 'firefox on linux', firstSeen: '2026-12-01T10:00:00.000Z', lastSeen: '2026-12-03T10:00:00.000Z', current: true };
const snapshot = { id: 's1', reason: 'claim', createdAt: '2026-12-03T10:00:00.000Z', playMs: 61_000, lastMilestone: 'fire_lit' };

describe('account pages requests', () => {
  it('reads the devices list, checked against the protocol', async () => {
    const { calls, fetcher } = fakeFetch(200, { devices: [device] });
    expect(await createSettingsApi(fetcher).devices()).toEqual({ ok: true, value: [device] });
    expect(calls[0]).toMatchObject({ url: '/api/account/devices', init: { method: 'GET' } });
    const bad = fakeFetch(200, { devices: [{ id: 1 }] });
    expect(await createSettingsApi(bad.fetcher).devices()).toMatchObject({ ok: false, code: 'server/error' });
  });

  it('signs a device out by its id, escaped', async () => {
    const { calls, fetcher } = fakeFetch(200, { signedOut: 1 });
    expect(await createSettingsApi(fetcher).signOutDevice('a/b')).toEqual({ ok: true, value: 1 });
    expect(calls[0].url).toBe('/api/account/devices/a%2Fb/sign-out');
    expect(calls[0].init?.method).toBe('POST');
  });

  it('turns a wrong password into its error code', async () => {
    const { fetcher } = fakeFetch(403, { error: { code: 'auth/wrong_password', message: 'no' } });
    expect(await createSettingsApi(fetcher).changePassword('x', 'a long new password')).toMatchObject({ ok: false, status: 403, code: 'auth/wrong_password' });
  });

  it('sends an account deletion with or without the password, and reads the 204', async () => {
    const { calls, fetcher } = fakeFetch(204);
    const api = createSettingsApi(fetcher);
    expect(await api.deleteAccount('delete')).toEqual({ ok: true, value: null });
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ confirm: 'delete' });
    await api.deleteAccount('me@example.com', 'pw');
    expect(JSON.parse(String(calls[1].init?.body))).toEqual({ confirm: 'me@example.com', currentPassword: 'pw' });
  });

  it('sends an import file’s text untouched, as JSON', async () => {
    const { calls, fetcher } = fakeFetch(200, { fromVersion: 3, migrated: true, saved: snapshot });
    const text = '{"format":"smoulder-save"}';
    expect(await createSettingsApi(fetcher).importFile(text)).toMatchObject({ ok: true, value: { migrated: true } });
    expect(calls[0].init?.body).toBe(text);
    expect(calls[0].init?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('passes on the issues of a refused import', async () => {
    const { fetcher } = fakeFetch(400, { error: { code: 'import/invalid', message: 'bad', issues: ['state.stores.wood: too small'] } });
    expect(await createSettingsApi(fetcher).importFile('{}')).toEqual({ ok: false, status: 400, code: 'import/invalid', issues: ['state.stores.wood: too small'] });
  });

  it('sends an original save code as { code } and reads what was not carried', async () => {
    const notCarried = [{ key: 'timers' }, { key: 'store', params: { name: 'glass beads' } }];
    const { calls, fetcher } = fakeFetch(200, { notCarried, saved: { ...snapshot, reason: 'before_import' } });
    expect(await createSettingsApi(fetcher).importOriginal('eyJ2ZXJzaW9uIjoxLjN9')).toMatchObject({ ok: true, value: { notCarried } });
    expect(calls[0].url).toBe('/api/account/import/original');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ code: 'eyJ2ZXJzaW9uIjoxLjN9' });
    const refused = fakeFetch(400, { error: { code: 'import/not_base64', message: 'the save code is not base64' } });
    expect(await createSettingsApi(refused.fetcher).importOriginal('!!')).toMatchObject({ ok: false, status: 400, code: 'import/not_base64' });
  });

  it('reads the history and a restore', async () => {
    const list = fakeFetch(200, { snapshots: [snapshot] });
    expect(await createSettingsApi(list.fetcher).snapshots()).toEqual({ ok: true, value: [snapshot] });
    const restore = fakeFetch(200, { restored: 's1', saved: { ...snapshot, id: 's2', reason: 'before_restore' } });
    expect(await createSettingsApi(restore.fetcher).restore('s1')).toMatchObject({ ok: true, value: { restored: 's1' } });
  });

  it('an unreachable server is a network failure', async () => {
    const api = createSettingsApi(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await api.snapshots()).toEqual({ ok: false, status: 0, code: 'network' });
  });
});

describe('account pages helpers', () => {
  it('read and write the pages’ hashes', () => {
    expect(parseAccountHash('#account/devices')).toBe('devices');
    expect(parseAccountHash('#account/history')).toBe('history');
    expect(parseAccountHash('#account/nope')).toBeNull();
    expect(parseAccountHash('#admin/overview')).toBeNull();
    expect(accountHash('settings')).toBe('#account/settings');
  });

  it('count play time in hours and minutes', () => {
    expect(playTime(0)).toEqual({ hours: 0, minutes: 0 });
    expect(playTime(5_025_000)).toEqual({ hours: 1, minutes: 23 });
    expect(playTime(-5)).toEqual({ hours: 0, minutes: 0 });
  });

  it('tell a guest once per browser session', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null };
    expect(shouldShowGuestNotice(true, storage)).toBe(true);
    store.set('smoulder.guest_notice_seen', '1');
    expect(shouldShowGuestNotice(true, storage)).toBe(false);
    expect(shouldShowGuestNotice(false, null)).toBe(false);
  });

  it('know the close codes that end a device’s session', () => {
    const codes = { signedOut: SIGNED_OUT_CLOSE.code, deleted: ACCOUNT_DELETED_CLOSE.code };
    expect(farewellFor(4401, codes)).toBe('signed_out_elsewhere');
    expect(farewellFor(4410, codes)).toBe('deleted');
    expect(farewellFor(1012, codes)).toBeNull();
    expect(farewellFor(4000, codes)).toBeNull();
  });
});

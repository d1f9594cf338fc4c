import { describe, expect, it } from 'vitest';
import { adminHash, isIsoDate, parseAdminHash, type AdminRoute } from './route.ts';

describe('admin hash routes', () => {
  it('leaves the game alone', () => {
    for (const hash of ['', '#', '#/', '#/administrator', '#admin', '#/game']) expect([hash, parseAdminHash(hash)]).toEqual([hash, null]);
  });

  it('opens the overview for #/admin and for pages it does not know', () => {
    expect(parseAdminHash('#/admin')).toEqual({ page: 'overview', range: {} });
    expect(parseAdminHash('#/admin/')).toEqual({ page: 'overview', range: {} });
    expect(parseAdminHash('#/admin/nope')).toEqual({ page: 'overview', range: {} });
  });

  it('reads the page and the date range', () => {
    expect(parseAdminHash('#/admin/funnel?from=2026-11-01&to=2026-11-30')).toEqual({
      page: 'funnel',
      range: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(parseAdminHash('#/admin/retention?to=2026-12-03')).toEqual({ page: 'retention', range: { to: '2026-12-03' } });
  });

  it('drops dates that are not calendar dates', () => {
    expect(parseAdminHash('#/admin/dropoff?from=2026-02-30&to=yesterday')).toEqual({ page: 'dropoff', range: {} });
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-1-05')).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });

  it('reads a player search and a player', () => {
    expect(parseAdminHash('#/admin/players?query=a%40b.cd')).toEqual({ page: 'players', range: {}, query: 'a@b.cd' });
    expect(parseAdminHash('#/admin/players/p%2F1?from=2026-01-01')).toEqual({ page: 'players', range: { from: '2026-01-01' }, player: 'p/1' });
    expect(parseAdminHash('#/admin/players?query=%20%20')).toEqual({ page: 'players', range: {} });
    expect(parseAdminHash('#/admin/funnel?query=x')).toEqual({ page: 'funnel', range: {} });
  });

  it('writes every route back to a hash that reads the same', () => {
    const routes: AdminRoute[] = [
      { page: 'overview', range: {} },
      { page: 'funnel', range: { from: '2026-11-01', to: '2026-11-30' } },
      { page: 'breakdowns', range: { to: '2026-11-30' } },
      { page: 'players', range: {}, query: 'a@b.cd' },
      { page: 'players', range: { from: '2026-01-01' }, player: 'a b/c?d' },
    ];
    for (const route of routes) expect(parseAdminHash(adminHash(route))).toEqual(route);
    expect(adminHash({ page: 'funnel', range: { from: '2026-11-01', to: '2026-11-30' } })).toBe('#/admin/funnel?from=2026-11-01&to=2026-11-30');
    expect(adminHash({ page: 'players', range: {}, player: 'p1', query: 'ignored' })).toBe('#/admin/players/p1');
  });
});

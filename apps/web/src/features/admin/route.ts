/**
 * Where the admin pages are, as a URL hash. The app has no router: `#/admin/<page>` opens a page,
 * `#/admin/players/<id>` one player, and the date range (and a player search) ride along as a
 * query, so a link or a reload shows the same rows:
 *
 *   #/admin/overview   #/admin/funnel?from=2026-11-01&to=2026-11-30   #/admin/players?query=a%40b.cd
 *
 * Anything else (no hash, `#/`) is the game. This module is loaded by every player (the header
 * asks it whether the admin pages are open), so it stays tiny and imports nothing.
 */

export const ADMIN_PAGES = ['overview', 'funnel', 'dropoff', 'retention', 'breakdowns', 'players'] as const;
export type AdminPage = (typeof ADMIN_PAGES)[number];

/** Inclusive UTC dates, `YYYY-MM-DD`; a missing end means no limit on that side. */
export interface AdminRange {
  from?: string;
  to?: string;
}

export interface AdminRoute {
  page: AdminPage;
  range: AdminRange;
  /** The player search (page `players`). */
  query?: string;
  /** One player's id (page `players`). */
  player?: string;
}

const PREFIX = '#/admin';

/** A real calendar date written `YYYY-MM-DD` (what `<input type="date">` gives and the API takes). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function isPage(value: string): value is AdminPage {
  return (ADMIN_PAGES as readonly string[]).includes(value);
}

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The admin route a hash names, or null for the game. Unknown pages open the overview; bad dates are dropped. */
export function parseAdminHash(hash: string): AdminRoute | null {
  if (hash !== PREFIX && !hash.startsWith(`${PREFIX}/`) && !hash.startsWith(`${PREFIX}?`)) return null;
  const rest = hash.slice(PREFIX.length);
  const q = rest.indexOf('?');
  const path = (q === -1 ? rest : rest.slice(0, q)).split('/').filter(Boolean);
  const params = new URLSearchParams(q === -1 ? '' : rest.slice(q + 1));

  const page: AdminPage = path[0] && isPage(path[0]) ? path[0] : 'overview';
  const route: AdminRoute = { page, range: {} };
  const from = params.get('from');
  const to = params.get('to');
  if (isIsoDate(from)) route.range.from = from;
  if (isIsoDate(to)) route.range.to = to;
  if (page === 'players') {
    const player = path[1] ? decode(path[1]) : null;
    if (player) route.player = player;
    const query = params.get('query')?.trim();
    if (query && !route.player) route.query = query;
  }
  return route;
}

/** The hash for a route; `parseAdminHash(adminHash(r))` gives `r` back. */
export function adminHash(route: AdminRoute): string {
  let path = `${PREFIX}/${route.page}`;
  if (route.page === 'players' && route.player) path += `/${encodeURIComponent(route.player)}`;
  const params = new URLSearchParams();
  if (route.range.from) params.set('from', route.range.from);
  if (route.range.to) params.set('to', route.range.to);
  if (route.page === 'players' && !route.player && route.query?.trim()) params.set('query', route.query.trim());
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

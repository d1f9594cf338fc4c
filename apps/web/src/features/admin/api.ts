/**
 * The admin analytics API (packages/protocol/src/admin.ts). Every answer is checked against the
 * protocol's schema: a shape this page does not know becomes `invalid_response`, never half-read
 * data. Tables download as CSV from the same URL with `format=csv`.
 */
import {
  ADMIN_CSV_TABLES,
  Breakdowns,
  DropOff,
  Funnel,
  HttpError,
  OnlineUpdate,
  Overview,
  PlayerDetail,
  PlayerSearch,
  Retention,
  type HttpErrorCode,
} from '@smoulder/protocol';
import { errorKey } from '../../locales/translate.ts';
import { isIsoDate, type AdminRange } from './route.ts';

export const ADMIN_API = '/api/admin';

/** Routes under /api/admin that answer with rows (and so with CSV too). */
export type AdminPath = 'overview' | 'funnel' | 'dropoff' | 'retention' | 'breakdowns' | 'players' | `players/${string}`;

export type AdminFailure = {
  ok: false;
  status: number;
  /**
   * An HttpError code from the body or the status; `forbidden` for a 403 (signed in, not an
   * admin: the protocol has no code for it), `network` when nothing answered, `invalid_response`
   * when the answer does not match the schema.
   */
  code: HttpErrorCode | 'forbidden' | 'network' | 'invalid_response';
};
export type AdminResult<T> = { ok: true; data: T } | AdminFailure;

type Params = Record<string, string | undefined>;

/** `from`/`to` for a query string, leaving out anything that is not a calendar date. */
export function rangeParams(range: AdminRange): { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {};
  if (isIsoDate(range.from)) out.from = range.from;
  if (isIsoDate(range.to)) out.to = range.to;
  return out;
}

/** `/api/admin/<path>?…`, with empty params left out and the rest in a fixed order. */
export function adminUrl(path: AdminPath, params: Params = {}): string {
  const search = new URLSearchParams();
  for (const key of ['query', 'from', 'to', 'table', 'format']) {
    const value = params[key]?.trim();
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return `${ADMIN_API}/${path}${query ? `?${query}` : ''}`;
}

/** A table a route can export (`table=`); without one the server sends the route's first table. */
export type CsvTable = (typeof ADMIN_CSV_TABLES)[keyof typeof ADMIN_CSV_TABLES][number];

/**
 * The CSV download of a table: the page's own URL plus `format=csv`. Where a route answers with
 * more than one table (overview, breakdowns, a player), `table` names which one.
 */
export function csvUrl(path: AdminPath, range: AdminRange, extra: { query?: string; table?: CsvTable } = {}): string {
  return adminUrl(path, { ...extra, ...rangeParams(range), format: 'csv' });
}

export function playerPath(id: string): AdminPath {
  return `players/${encodeURIComponent(id)}`;
}

/** The live count of players online (server-sent events). */
export const ONLINE_URL = `${ADMIN_API}/online`;

/** One SSE `data:` payload as a count, or null when it is not an OnlineUpdate. */
export function parseOnline(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = OnlineUpdate.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.onlineNow : null;
  } catch {
    return null;
  }
}

const STATUS_CODES: Record<number, HttpErrorCode> = {
  400: 'request/invalid',
  401: 'auth/required',
  404: 'request/not_found',
  413: 'request/too_large',
  429: 'request/rate_limited',
};

export function failureFrom(status: number, body: unknown): AdminFailure {
  if (status === 403) return { ok: false, status, code: 'forbidden' };
  const parsed = HttpError.safeParse(body);
  if (parsed.success) return { ok: false, status, code: parsed.data.error.code };
  return { ok: false, status, code: STATUS_CODES[status] ?? 'server/error' };
}

/** The catalog key that explains a failure. */
export function failureKey(failure: AdminFailure): string {
  if (failure.code === 'forbidden') return 'admin.error.forbidden';
  if (failure.code === 'network') return 'admin.error.network';
  if (failure.code === 'invalid_response') return 'admin.error.invalid_response';
  return errorKey(failure.code);
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** What this client needs of a zod schema (the web app has no zod of its own: the protocol brings it). */
type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

export function createAdminApi(fetcher: Fetch = (input, init) => fetch(input, init)) {
  async function get<T>(schema: Schema<T>, path: AdminPath, params: Params, signal?: AbortSignal): Promise<AdminResult<T>> {
    let response: Response;
    try {
      response = await fetcher(adminUrl(path, params), {
        method: 'GET',
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
        signal,
      });
    } catch {
      return { ok: false, status: 0, code: 'network' };
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!response.ok) return failureFrom(response.status, body);
    const parsed = schema.safeParse(body);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, status: response.status, code: 'invalid_response' };
  }

  return {
    overview: (range: AdminRange, signal?: AbortSignal) => get(Overview, 'overview', rangeParams(range), signal),
    funnel: (range: AdminRange, signal?: AbortSignal) => get(Funnel, 'funnel', rangeParams(range), signal),
    dropoff: (range: AdminRange, signal?: AbortSignal) => get(DropOff, 'dropoff', rangeParams(range), signal),
    retention: (range: AdminRange, signal?: AbortSignal) => get(Retention, 'retention', rangeParams(range), signal),
    breakdowns: (range: AdminRange, signal?: AbortSignal) => get(Breakdowns, 'breakdowns', rangeParams(range), signal),
    /** Players whose email or id matches `query`. */
    searchPlayers: (query: string, range: AdminRange, signal?: AbortSignal) =>
      get(PlayerSearch, 'players', { query, ...rangeParams(range) }, signal),
    player: (id: string, range: AdminRange, signal?: AbortSignal) => get(PlayerDetail, playerPath(id), rangeParams(range), signal),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;

import { MILESTONE_IDS } from '@smoulder/engine';
import type { Breakdowns, DropOff, Funnel, Overview, PlayerDetail, PlayerSearch, Retention } from '@smoulder/protocol';
import type { DbClient } from '../../db/database.ts';

/**
 * The admin dashboards' queries. They read the raw analytics tables only where one player is
 * concerned. The dashboards read rollups: those the recorder keeps as it writes (player_milestones,
 * activity_days, player_devices, users.last_*: a few rows per player) and three materialized views
 * by day (analytics_signups_daily, analytics_retention_daily, analytics_active_changes: a few
 * rows per day), which the server refreshes every minute.
 *
 * Every query is a tagged template (values are bound, never spliced in). Text results are plain
 * `text` columns: the pg driver adapter cannot read Postgres `name` values.
 */

/** The funnel's steps: the server's own `new_game`, then the engine's milestones in their usual order. */
export const FUNNEL_STEPS: readonly string[] = ['new_game', ...MILESTONE_IDS];

const DAY_MS = 24 * 3600 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** A player counts as gone after this long without a play session. */
export const INACTIVE_AFTER_MS = 7 * DAY_MS;

/**
 * Signup dates from `from` to `to`, both inclusive, in UTC; either end may be open. `start` and
 * `end` are the instants the queries compare with (end exclusive), `firstDay` and `lastDay` the
 * dates, all wide open when absent.
 */
export interface Range {
  from: string | null;
  to: string | null;
  start: Date;
  end: Date;
  firstDay: string;
  lastDay: string;
}

export function dateRange(from?: string | null, to?: string | null): Range {
  return {
    from: from ?? null,
    to: to ?? null,
    start: from ? new Date(`${from}T00:00:00Z`) : new Date('1970-01-01T00:00:00Z'),
    end: to ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : new Date('9999-12-31T00:00:00Z'),
    firstDay: from ?? '1970-01-01',
    lastDay: to ?? '9999-12-30',
  };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Orders milestone ids as the funnel does; ids it does not know (newer content) go last, by name. */
export function byFunnelOrder(a: string, b: string): number {
  const rank = (id: string) => {
    const i = FUNNEL_STEPS.indexOf(id);
    return i < 0 ? FUNNEL_STEPS.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

// ---- overview ------------------------------------------------------------------------------

/**
 * Players who signed up in the range (guests have no email yet) and new players per day over it
 * (from the first signup when `from` is open, to today when `to` is). Active players as of the
 * range's last day (today when open): those who played on that day (UTC), in the 7 days and in
 * the 30 days ending with it. Both come from materialized rollups, as fresh as their last refresh.
 */
export async function overview(db: DbClient, range: Range, now: number, onlineNow: number): Promise<Overview> {
  const day = range.to ?? isoDay(now);
  const [perDay, [active]] = await Promise.all([
    db.$queryRaw<{ day: string; players: number; guests: number }[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(players)::int AS players,
             (sum(players) FILTER (WHERE guest))::int AS guests
        FROM analytics_signups_daily
       WHERE day >= ${range.firstDay}::date AND day <= ${range.lastDay}::date
       GROUP BY day ORDER BY day`,
    db.$queryRaw<{ daily: number; weekly: number; monthly: number }[]>`
      SELECT COALESCE(sum(change) FILTER (WHERE window_days = 1), 0)::int AS daily,
             COALESCE(sum(change) FILTER (WHERE window_days = 7), 0)::int AS weekly,
             COALESCE(sum(change) FILTER (WHERE window_days = 30), 0)::int AS monthly
        FROM analytics_active_changes
       WHERE day <= ${day}::date`,
  ]);
  let total = 0;
  let guests = 0;
  const counts = new Map<string, number>();
  for (const row of perDay) {
    total += row.players;
    guests += row.guests ?? 0;
    counts.set(row.day, row.players);
  }
  const lastDay = range.to ?? isoDay(now);
  const firstDay = range.from ?? perDay[0]?.day ?? lastDay;
  const newPlayersPerDay: Overview['newPlayersPerDay'] = [];
  for (let d = firstDay; d <= lastDay; d = addDays(d, 1)) newPlayersPerDay.push({ day: d, players: counts.get(d) ?? 0 });
  return {
    players: { total, guests, accounts: total - guests },
    onlineNow,
    active,
    newPlayersPerDay,
  };
}

// ---- funnel ----------------------------------------------------------------------------------

/**
 * Of the players who signed up in the range, how many reached each milestone (in any of their
 * games) and the play time it took them the first time, as exact percentiles (percentile_cont).
 * One query per milestone, a few side by side (they share the pool with the games): each is an
 * index-only range scan that hands the aggregate its rows already in play-time order.
 */
export async function funnel(db: DbClient, range: Range): Promise<Funnel> {
  const rows = await mapLimit(FUNNEL_STEPS, FUNNEL_CONCURRENCY, async (milestone) => {
    const [row] = await db.$queryRaw<{ players: number; median: number | null; p90: number | null }[]>`
      SELECT count(*)::int AS players,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY play_ms) AS median,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY play_ms) AS p90
        FROM player_milestones
       WHERE milestone = ${milestone}
         AND signed_up_at >= ${range.start}::timestamptz AND signed_up_at < ${range.end}::timestamptz`;
    return { milestone, ...row };
  });
  const first = rows[0].players;
  const steps = rows.map((row, i) => ({
    milestone: row.milestone,
    players: row.players,
    fromPrevious: i === 0 ? 1 : share(row.players, rows[i - 1].players),
    fromStart: share(row.players, first),
    medianPlayMs: row.median === null ? null : Number(row.median),
    p90PlayMs: row.p90 === null ? null : Number(row.p90),
  }));
  return { steps };
}

const FUNNEL_CONCURRENCY = 4;

/** `fn` over `items` with at most `limit` calls running at once; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---- drop-off --------------------------------------------------------------------------------

/**
 * Players who signed up in the range and have not played for 7 days (one who never connected
 * counts from signup), by the last milestone they reached ("none" for none at all).
 */
export async function dropOff(db: DbClient, range: Range, now: number): Promise<DropOff> {
  const inactiveSince = new Date(now - INACTIVE_AFTER_MS);
  const rows = await db.$queryRaw<{ milestone: string; players: number }[]>`
    SELECT COALESCE(last_milestone, 'none') AS milestone, count(*)::int AS players
      FROM users
     WHERE created_at >= ${range.start}::timestamptz AND created_at < ${range.end}::timestamptz
       AND COALESCE(last_seen_at, created_at) < ${inactiveSince}::timestamptz
     GROUP BY 1`;
  rows.sort((a, b) => byFunnelOrder(a.milestone, b.milestone));
  return { inactiveSince: inactiveSince.toISOString(), rows };
}

// ---- retention -------------------------------------------------------------------------------

/**
 * Weekly signup cohorts (weeks start on Monday, UTC) of the range. `weeks[n]` is the share of the
 * cohort who played in their own week n since signup (days 7n to 7n+6 after their signup day,
 * UTC); a cohort has a column for every week that has begun by now for its first day.
 */
export async function retention(db: DbClient, range: Range, now: number): Promise<Retention> {
  const [sizes, active] = await Promise.all([
    db.$queryRaw<{ week: string; size: number }[]>`
      SELECT to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') AS week, sum(players)::int AS size
        FROM analytics_signups_daily
       WHERE day >= ${range.firstDay}::date AND day <= ${range.lastDay}::date
       GROUP BY 1 ORDER BY 1`,
    db.$queryRaw<{ week: string; n: number; players: number }[]>`
      SELECT to_char(date_trunc('week', signup_day::timestamp), 'YYYY-MM-DD') AS week, week AS n, sum(players)::int AS players
        FROM analytics_retention_daily
       WHERE signup_day >= ${range.firstDay}::date AND signup_day <= ${range.lastDay}::date
       GROUP BY 1, 2`,
  ]);
  const activeBy = new Map(active.map((row) => [`${row.week}/${row.n}`, row.players]));
  const cohorts = sizes.map(({ week, size }) => {
    const begun = Math.max(0, Math.floor((now - Date.parse(`${week}T00:00:00Z`)) / WEEK_MS));
    const weeks = Array.from({ length: begun + 1 }, (_, n) => share(activeBy.get(`${week}/${n}`) ?? 0, size));
    return { week, size, weeks };
  });
  return { cohorts };
}

// ---- breakdowns ------------------------------------------------------------------------------

/**
 * Players who signed up in the range by their language (the last the client reported; "unknown"
 * before any) and by how many devices they played on (0: never connected), from the signup rollup.
 */
export async function breakdowns(db: DbClient, range: Range): Promise<Breakdowns> {
  const [languages, devices] = await Promise.all([
    db.$queryRaw<{ locale: string; players: number }[]>`
      SELECT locale, sum(players)::int AS players FROM analytics_signups_daily
       WHERE day >= ${range.firstDay}::date AND day <= ${range.lastDay}::date
       GROUP BY locale ORDER BY 2 DESC, 1`,
    db.$queryRaw<{ devices: number; players: number }[]>`
      SELECT devices, sum(players)::int AS players FROM analytics_signups_daily
       WHERE day >= ${range.firstDay}::date AND day <= ${range.lastDay}::date
       GROUP BY devices ORDER BY devices`,
  ]);
  return { languages, devices };
}

// ---- players ---------------------------------------------------------------------------------

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SEARCH_LIMIT = 50;

type SummaryRow = { id: string; email: string | null; created_at: Date; last_seen_at: Date | null; last_milestone: string | null };

const toSummary = (row: SummaryRow) => ({
  id: row.id,
  email: row.email,
  createdAt: row.created_at.toISOString(),
  lastSeenAt: row.last_seen_at?.toISOString() ?? null,
  lastMilestone: row.last_milestone,
});

/**
 * A player by exact id, or players whose email starts with `q` (case-insensitive), newest first,
 * among those who signed up in the range.
 */
export async function searchPlayers(db: DbClient, q: string, range: Range): Promise<PlayerSearch> {
  const query = q.trim().toLowerCase();
  if (query === '') return { players: [] };
  const rows = UUID_PATTERN.test(query)
    ? await db.$queryRaw<SummaryRow[]>`
        SELECT id::text AS id, email, created_at, last_seen_at, last_milestone FROM users
         WHERE id = ${query}::uuid
           AND created_at >= ${range.start}::timestamptz AND created_at < ${range.end}::timestamptz`
    : await db.$queryRaw<SummaryRow[]>`
        SELECT id::text AS id, email, created_at, last_seen_at, last_milestone FROM users
         WHERE email LIKE ${`${escapeLike(query)}%`} ESCAPE '\\'
           AND created_at >= ${range.start}::timestamptz AND created_at < ${range.end}::timestamptz
         ORDER BY created_at DESC, id LIMIT ${SEARCH_LIMIT}`;
  return { players: rows.map(toSummary) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One player: their milestones (every game, oldest first), devices and saved game, limited to what
 * happened in the range. Null when there is no such player.
 */
export async function playerDetail(db: DbClient, id: string, range: Range): Promise<PlayerDetail | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [user] = await db.$queryRaw<SummaryRow[]>`
    SELECT id::text AS id, email, created_at, last_seen_at, last_milestone FROM users WHERE id = ${id}::uuid`;
  if (!user) return null;
  const milestones = await db.$queryRaw<{ milestone: string; game_id: string; play_ms: bigint; at: Date }[]>`
    SELECT milestone, game_id::text AS game_id, play_ms, at FROM milestone_events
     WHERE user_id = ${id}::uuid AND at >= ${range.start}::timestamptz AND at < ${range.end}::timestamptz
     ORDER BY at, id`;
  const devices = await db.$queryRaw<{ device: string; locale: string | null; first_seen: Date; last_seen: Date; sessions: number }[]>`
    SELECT device,
           (array_agg(locale ORDER BY started_at DESC) FILTER (WHERE locale IS NOT NULL))[1] AS locale,
           min(started_at) AS first_seen,
           max(COALESCE(ended_at, started_at)) AS last_seen,
           count(*)::int AS sessions
      FROM play_sessions
     WHERE user_id = ${id}::uuid AND started_at >= ${range.start}::timestamptz AND started_at < ${range.end}::timestamptz
     GROUP BY device ORDER BY max(COALESCE(ended_at, started_at)) DESC, device`;
  const saves = await db.save.findMany({
    where: { userId: id, updatedAt: { gte: range.start, lt: range.end } },
    select: { gameId: true, updatedAt: true, state: true },
  });
  return {
    player: toSummary(user),
    milestones: milestones.map((row) => ({
      milestone: row.milestone,
      gameId: row.game_id,
      playMs: Number(row.play_ms),
      at: row.at.toISOString(),
    })),
    devices: devices.map((row) => ({
      device: row.device,
      locale: row.locale,
      firstSeen: row.first_seen.toISOString(),
      lastSeen: row.last_seen.toISOString(),
      sessions: row.sessions,
    })),
    snapshots: saves.map((save) => ({
      id: save.gameId,
      at: save.updatedAt.toISOString(),
      ...progressOf(save.state),
    })),
  };
}

/** Play time and latest milestone of a saved game, read defensively: a save is only JSON here. */
function progressOf(state: unknown): { playMs: number; milestone: string | null } {
  const { clock, milestones } = (state ?? {}) as { clock?: unknown; milestones?: unknown };
  let milestone: string | null = null;
  let latest = -Infinity;
  if (milestones && typeof milestones === 'object') {
    for (const [id, at] of Object.entries(milestones as Record<string, unknown>)) {
      if (typeof at === 'number' && (at > latest || (at === latest && byFunnelOrder(id, milestone ?? id) > 0))) {
        latest = at;
        milestone = id;
      }
    }
  }
  return { playMs: typeof clock === 'number' ? clock : 0, milestone };
}

// ---- roles -----------------------------------------------------------------------------------

/** Grants or revokes the admin role by email; null when no account has that email. */
export async function setAdmin(db: DbClient, email: string, isAdmin: boolean): Promise<{ id: string; email: string; changed: boolean } | null> {
  const normalized = email.trim().toLowerCase();
  const user = await db.user.findUnique({ where: { email: normalized }, select: { id: true, isAdmin: true } });
  if (!user) return null;
  if (user.isAdmin !== isAdmin) await db.user.update({ where: { id: user.id }, data: { isAdmin } });
  return { id: user.id, email: normalized, changed: user.isAdmin !== isAdmin };
}

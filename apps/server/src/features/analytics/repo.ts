import { queryRows, type DbClient } from '../../db/database.ts';

/**
 * The write side of analytics. Every statement is idempotent or append-only, and keeps the
 * rollups the admin queries read (player_milestones, player_devices, activity_days and the
 * users' last_* columns) in step with the raw tables in the same statement.
 */

export interface MilestoneRecord {
  userId: string;
  gameId: string;
  milestone: string;
  /** Milliseconds of play (game clock) when reached. */
  playMs: number;
  at: Date;
}

/**
 * Records a milestone once per game; a repeat (a reconnect, a replayed event) changes nothing.
 * Returns whether this call stored it.
 */
export async function recordMilestone(db: DbClient, event: MilestoneRecord): Promise<boolean> {
  return (await recordMilestones(db, [event]))[0];
}

/**
 * recordMilestone for many at once, in one statement (one commit): a server records about one
 * milestone every 50 players a second, and each alone was a transaction waiting for its own WAL
 * flush. Returns, in order, whether each was stored by this call (of two equal ones, the first).
 * A player's latest milestone is the one reached last, the later of equal times in the given order.
 */
export async function recordMilestones(db: DbClient, events: readonly MilestoneRecord[]): Promise<boolean[]> {
  if (events.length === 0) return [];
  // Every game reaches dozens while it is played: queryRows keeps it off Prisma's query compiler.
  const rows = await queryRows<{ n: number }>(
    db,
    `WITH input AS (
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[], $5::timestamptz[])
        WITH ORDINALITY AS t(user_id, game_id, milestone, play_ms, at, n)
    ), ins AS (
      INSERT INTO milestone_events (user_id, game_id, milestone, play_ms, at)
      -- In the order given, so the events' ids keep the order they were reached in.
      SELECT user_id, game_id, milestone, play_ms, at FROM (
        SELECT DISTINCT ON (game_id, milestone) * FROM input ORDER BY game_id, milestone, n
      ) first ORDER BY n
      ON CONFLICT (game_id, milestone) DO NOTHING
      RETURNING user_id, game_id, milestone, play_ms, at
    ), stored AS (
      SELECT DISTINCT ON (ins.game_id, ins.milestone) ins.*, input.n
        FROM ins JOIN input ON input.game_id = ins.game_id AND input.milestone = ins.milestone
       ORDER BY ins.game_id, ins.milestone, input.n
    ), first_reach AS (
      INSERT INTO player_milestones (user_id, milestone, game_id, play_ms, at, signed_up_at)
      SELECT DISTINCT ON (s.user_id, s.milestone) s.user_id, s.milestone, s.game_id, s.play_ms, s.at, u.created_at
        FROM stored s JOIN users u ON u.id = s.user_id
       ORDER BY s.user_id, s.milestone, s.at, s.n
      ON CONFLICT (user_id, milestone) DO NOTHING
    ), latest AS (
      UPDATE users u SET last_milestone = l.milestone, last_milestone_at = l.at
        FROM (SELECT DISTINCT ON (user_id) user_id, milestone, at FROM stored ORDER BY user_id, at DESC, n DESC) l
       WHERE u.id = l.user_id AND (u.last_milestone_at IS NULL OR u.last_milestone_at <= l.at)
    )
    SELECT n::int AS n FROM stored`,
    [
      events.map((e) => e.userId),
      events.map((e) => e.gameId),
      events.map((e) => e.milestone),
      events.map((e) => String(Math.max(0, Math.round(e.playMs)))),
      events.map((e) => e.at.toISOString()),
    ],
  );
  const stored = new Set(rows.map((r) => Number(r.n)));
  return events.map((_, i) => stored.has(i + 1));
}

export interface SessionStart {
  userId: string;
  device: string;
  locale: string | null;
  at: Date;
}

/** Opens a play session and notes the activity (last seen, device, active day, language). */
export async function openPlaySession(db: DbClient, start: SessionStart): Promise<string> {
  // Every joining socket runs this: queryRows keeps it off Prisma's query compiler on Postgres.
  const rows = await queryRows<{ id: string }>(
    db,
    `WITH s AS (
      INSERT INTO play_sessions (id, user_id, started_at, device, locale)
      VALUES (gen_random_uuid(), $1::uuid, $2::timestamptz, $3::text, $4::text)
      RETURNING id::text AS id, user_id, started_at, device
    ), dev AS (
      INSERT INTO player_devices (user_id, device, first_seen, last_seen, sessions)
      SELECT user_id, device, started_at, started_at, 1 FROM s
      ON CONFLICT (user_id, device) DO UPDATE
        SET last_seen = GREATEST(player_devices.last_seen, excluded.last_seen),
            sessions = player_devices.sessions + 1
    ), active AS (
      INSERT INTO activity_days (user_id, day, signup_day)
      SELECT s.user_id, (s.started_at AT TIME ZONE 'UTC')::date, (u.created_at AT TIME ZONE 'UTC')::date
        FROM s JOIN users u ON u.id = s.user_id
      ON CONFLICT (user_id, day) DO NOTHING
    ), seen AS (
      UPDATE users u SET last_seen_at = GREATEST(u.last_seen_at, s.started_at),
                         locale = COALESCE($4::text, u.locale)
        FROM s WHERE u.id = s.user_id
    )
    SELECT id FROM s`,
    [start.userId, start.at, start.device, start.locale],
  );
  return rows[0].id;
}

/** Ends one play session (once: a second close keeps the first end). */
export async function closePlaySession(db: DbClient, id: string, at: Date): Promise<void> {
  await closeSessions(db, [id], at);
}

/** Ends the given open sessions, e.g. every socket of this process at shutdown. */
export async function closePlaySessions(db: DbClient, ids: string[], at: Date): Promise<void> {
  if (ids.length > 0) await closeSessions(db, ids, at);
}

async function closeSessions(db: DbClient, ids: string[], at: Date): Promise<void> {
  // A session that runs past midnight (UTC) counts on every day it touched; last seen moves to its end.
  await queryRows(
    db,
    `
    WITH s AS (
      UPDATE play_sessions SET ended_at = GREATEST(started_at, $2::timestamptz)
       WHERE id = ANY($1::uuid[]) AND ended_at IS NULL
      RETURNING user_id, device, started_at, ended_at
    ), dev AS (
      UPDATE player_devices d SET last_seen = GREATEST(d.last_seen, s.ended_at)
        FROM s WHERE d.user_id = s.user_id AND d.device = s.device
    ), active AS (
      INSERT INTO activity_days (user_id, day, signup_day)
      SELECT DISTINCT s.user_id, day::date, (u.created_at AT TIME ZONE 'UTC')::date
        FROM s JOIN users u ON u.id = s.user_id
       CROSS JOIN LATERAL generate_series((s.started_at AT TIME ZONE 'UTC')::date, (s.ended_at AT TIME ZONE 'UTC')::date, interval '1 day') day
      ON CONFLICT (user_id, day) DO NOTHING
    )
    UPDATE users u SET last_seen_at = GREATEST(u.last_seen_at, s.ended_at)
      FROM s WHERE u.id = s.user_id`,
    [ids, at],
  );
}

/**
 * Recomputes the materialized rollups: players by signup day (guest/account, language, devices),
 * retention, and active players by day. CONCURRENTLY: the dashboards keep reading the previous
 * rows meanwhile.
 */
export async function refreshRollups(db: DbClient): Promise<void> {
  await db.$executeRaw`REFRESH MATERIALIZED VIEW CONCURRENTLY analytics_signups_daily`;
  await db.$executeRaw`REFRESH MATERIALIZED VIEW CONCURRENTLY analytics_retention_daily`;
  await db.$executeRaw`REFRESH MATERIALIZED VIEW CONCURRENTLY analytics_active_changes`;
}

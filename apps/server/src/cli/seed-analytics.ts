/**
 * `npm run seed:analytics`: a synthetic history for the admin dashboards, written straight into the
 * Postgres named by DATABASE_URL (never into the embedded PGlite): by default 100,000 players who
 * signed up over 26 weeks (more of them lately), 3,000,000 milestone events with a steep early
 * drop-off (engaged players go further and start more games), play sessions on the days they
 * played, guests and accounts, languages en/pl/de and one to three devices each.
 *
 * Everything is set-based SQL (generate_series, INSERT … SELECT): about 1.5 minutes on a quiet
 * 2-core machine (three when the machine is busy).
 *
 * Synthetic rows are recognisable: user ids start with 5eed0000- (accounts have emails
 * @seed.invalid); a re-run first deletes them, and nothing else. The rollups the dashboards read
 * are filled from the raw rows at the end, as the recorder would have kept them.
 *
 * Options: --players N, --events N, --weeks N, --seed X (0..1, for random()).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { FUNNEL_STEPS } from '../features/admin/repo.ts';

/** Seed ids: uuid-shaped, with a fixed prefix per kind so the rows can be found and removed. */
const USER_PREFIX = '5eed0000-0000-4000-8000-';
const GAME_PREFIX = '5eed0001-0000-4000-8000-';
const FIRST_ID = `${USER_PREFIX}000000000000`;
const LAST_ID = `${USER_PREFIX}ffffffffffff`;

/** Typical play time (ms) from one milestone to the next, in funnel order after new_game. */
const STEP_MS: Record<string, number> = {
  fire_lit: 20_000,
  builder_arrived: 180_000,
  forest_opened: 120_000,
  first_gather: 30_000,
  builder_helping: 300_000,
  first_trap: 180_000,
  first_hut: 300_000,
  first_villagers: 240_000,
  village_10: 900_000,
  village_20: 1_500_000,
  village_40: 2_700_000,
  village_80: 5_400_000,
  lodge: 1_200_000,
  trading_post: 1_200_000,
  workshop: 1_800_000,
  compass: 2_400_000,
  thieves: 1_800_000,
  first_event: 600_000,
  first_embark: 900_000,
  first_death: 600_000,
  landmark_ironmine: 300_000,
  ironmine_cleared: 600_000,
  landmark_cave: 600_000,
  landmark_house: 300_000,
  landmark_outpost: 900_000,
  landmark_coalmine: 1_200_000,
  coalmine_cleared: 600_000,
  landmark_town: 1_200_000,
  landmark_borehole: 1_800_000,
  landmark_swamp: 1_800_000,
  landmark_battlefield: 1_800_000,
  landmark_sulphurmine: 2_400_000,
  sulphurmine_cleared: 900_000,
  landmark_city: 2_400_000,
  landmark_ship: 3_600_000,
  ship_found: 600_000,
  landmark_executioner: 1_800_000,
  battleship_entered: 1_200_000,
  landmark_cache: 1_800_000,
  fabricator: 600_000,
  ship_unlocked: 300_000,
  lift_off: 1_800_000,
  game_won: 600_000,
  prestige_restart: 60_000,
};

const DEVICES = ['chrome on windows', 'firefox on linux', 'safari on ios', 'chrome on android', 'safari on macos', 'edge on windows'];

export interface SeedOptions {
  databaseUrl: string;
  players: number;
  events: number;
  weeks: number;
  seed: number;
  log?: (line: string) => void;
}

export async function seedAnalytics(opts: SeedOptions): Promise<{ players: number; events: number; sessions: number; ms: number }> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  // Migrate first: the same schema the server would create.
  const db = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: 'memory://' });
  await db.close();

  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const result = await client.query(sql, params);
    log(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    await client.query(`SET TIME ZONE 'UTC'`);
    await client.query(`SET work_mem = '256MB'`);
    await client.query(`SET maintenance_work_mem = '512MB'`);

    log('removing an earlier synthetic history');
    for (const table of ['milestone_events', 'player_milestones', 'play_sessions', 'player_devices', 'activity_days', 'sessions', 'saves']) {
      await step(`delete ${table}`, `DELETE FROM ${table} WHERE user_id BETWEEN $1 AND $2`, [FIRST_ID, LAST_ID]);
    }
    await step('delete users', `DELETE FROM users WHERE id BETWEEN $1 AND $2`, [FIRST_ID, LAST_ID]);

    await client.query('BEGIN');
    // Bulk load: every reference is to a player inserted here, so the per-row foreign-key checks
    // can be skipped (needs a superuser; without one they simply run).
    await client.query('SAVEPOINT replica');
    await client.query(`SET LOCAL session_replication_role = replica`).then(
      () => client.query('RELEASE SAVEPOINT replica'),
      () => client.query('ROLLBACK TO SAVEPOINT replica'),
    );
    await client.query('SELECT setseed($1)', [opts.seed]);
    log('players');
    // Signups grow over the weeks (density rising linearly), each player with an engagement e
    // in [0, 1) that drives how far and how long they play.
    await step(
      'seed_players',
      `CREATE TEMP TABLE seed_players ON COMMIT DROP AS
       SELECT n,
              ($1 || lpad(to_hex(n), 12, '0'))::uuid AS id,
              now() - interval '2 hours' - ($2::int * interval '7 days') * (1 - sqrt(random())) AS created_at,
              random() AS e,
              random() < 0.55 AS guest,
              (ARRAY['en','en','en','en','en','en','pl','pl','pl','de'])[1 + floor(random() * 10)::int] AS locale,
              CASE WHEN random() < 0.65 THEN 1 WHEN random() < 0.7 THEN 2 ELSE 3 END AS devices,
              floor(random() * 6)::int AS device_base
         FROM generate_series(1, $3::int) n`,
      [USER_PREFIX, opts.weeks, opts.players],
    );
    await step(
      'users',
      `INSERT INTO users (id, email, is_admin, created_at, updated_at, claimed_at, locale)
       SELECT id, CASE WHEN guest THEN NULL ELSE 'player' || n || '@seed.invalid' END, false, created_at, created_at,
              CASE WHEN guest THEN NULL ELSE created_at + random() * interval '3 days' END, locale
         FROM seed_players`,
    );

    log('games and milestone events');
    // Games per player: 1 for most, up to 22 for the most engaged (restarts). Depth: a geometric
    // number of steps with a continuation chance rising with engagement (55 % to 95 % per step),
    // capped at the last step: about 1 player in 5 never lights the fire, 1 in 6 reaches the end.
    // First games are numbered first, so the cut to exactly --events only drops later restarts.
    await step(
      'seed_games',
      `CREATE TEMP TABLE seed_games ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY g > 1, p.n, g) AS gid, p.id AS user_id, p.n, p.created_at, g, k,
              LEAST($1::int, 1 + floor(ln(1 - random()) / ln(0.55 + 0.40 * power(p.e, 1.5)))::int) AS depth,
              exp((random() + random() + random() - 1.5) * 0.9) AS speed,
              1.5 + 4 * random() AS idle,
              p.e
         FROM (SELECT sp.*, 1 + floor(power(sp.e, 5) * 22)::int AS k FROM seed_players sp) p
        CROSS JOIN LATERAL generate_series(1, p.k) g`,
      [FUNNEL_STEPS.length],
    );
    const stepMs = FUNNEL_STEPS.map((id) => STEP_MS[id] ?? 0);
    // Game g of k starts at its share of the player's active span (longer for engaged players);
    // wall time runs `idle` times faster than play time, and nothing happens after now.
    await step(
      'milestone_events',
      `INSERT INTO milestone_events (user_id, game_id, milestone, play_ms, at)
       SELECT user_id, game_id, milestone, play_ms,
              LEAST(now() - interval '1 minute', game_start + play_ms * idle * interval '1 millisecond')
         FROM (
           SELECT g.user_id, g.gid,
                  ($4 || lpad(to_hex(g.gid), 12, '0'))::uuid AS game_id,
                  ($2::text[])[r] AS milestone,
                  round(sum(($3::float8[])[r] * g.speed * exp((random() - 0.5) * 0.6)) OVER (PARTITION BY g.gid ORDER BY r))::bigint AS play_ms,
                  g.created_at + (now() - g.created_at) * g.e * power((g.g - 1)::float8 / g.k, 1.5) AS game_start,
                  g.idle
             FROM seed_games g CROSS JOIN LATERAL generate_series(1, g.depth) r
            ORDER BY g.gid, r
            LIMIT $1
         ) ev`,
      [opts.events, FUNNEL_STEPS, stepMs, GAME_PREFIX],
    );

    log('play sessions');
    // A session on every day a player reached a milestone (from a little before the first to a
    // little after the last), plus quiet sessions on other days of their active span, more of
    // them soon after signup (so retention decays week by week).
    await step(
      'play_sessions (milestone days)',
      `INSERT INTO play_sessions (id, user_id, started_at, ended_at, device, locale)
       SELECT gen_random_uuid(), d.user_id, d.first_at - random() * interval '15 minutes',
              LEAST(now(), d.last_at + random() * interval '40 minutes'),
              ($1::text[])[1 + (p.device_base + floor(random() * p.devices)::int) % 6], p.locale
         FROM (SELECT user_id, min(at) AS first_at, max(at) AS last_at
                 FROM milestone_events WHERE user_id BETWEEN $2 AND $3
                GROUP BY user_id, date_trunc('day', at)) d
         JOIN seed_players p ON p.id = d.user_id`,
      [DEVICES, FIRST_ID, LAST_ID],
    );
    await step(
      'play_sessions (quiet days)',
      `INSERT INTO play_sessions (id, user_id, started_at, ended_at, device, locale)
       SELECT gen_random_uuid(), id, s, LEAST(now(), s + (5 + random() * 55) * interval '1 minute'), device, locale
         FROM (SELECT p.id, p.locale,
                      p.created_at + power(random(), 2.5) * (now() - p.created_at) * p.e AS s,
                      ($1::text[])[1 + (p.device_base + floor(random() * p.devices)::int) % 6] AS device
                 FROM seed_players p CROSS JOIN LATERAL generate_series(1, floor(p.e * p.e * 14)::int)) q`,
      [DEVICES],
    );

    log('rollups');
    await step(
      'player_milestones',
      `INSERT INTO player_milestones (user_id, milestone, game_id, play_ms, at, signed_up_at)
       SELECT DISTINCT ON (e.user_id, e.milestone) e.user_id, e.milestone, e.game_id, e.play_ms, e.at, p.created_at
         FROM milestone_events e JOIN seed_players p ON p.id = e.user_id
        ORDER BY e.user_id, e.milestone, e.at, e.id`,
    );
    await step(
      'users.last_milestone',
      `UPDATE users u SET last_milestone = l.milestone, last_milestone_at = l.at
         FROM (SELECT DISTINCT ON (user_id) user_id, milestone, at FROM milestone_events
                WHERE user_id BETWEEN $1 AND $2 ORDER BY user_id, at DESC, play_ms DESC) l
        WHERE u.id = l.user_id`,
      [FIRST_ID, LAST_ID],
    );
    await step(
      'users.last_seen_at',
      `UPDATE users u SET last_seen_at = s.last_seen
         FROM (SELECT user_id, max(COALESCE(ended_at, started_at)) AS last_seen FROM play_sessions
                WHERE user_id BETWEEN $1 AND $2 GROUP BY user_id) s
        WHERE u.id = s.user_id`,
      [FIRST_ID, LAST_ID],
    );
    await step(
      'player_devices',
      `INSERT INTO player_devices (user_id, device, first_seen, last_seen, sessions)
       SELECT user_id, device, min(started_at), max(COALESCE(ended_at, started_at)), count(*)::int
         FROM play_sessions WHERE user_id BETWEEN $1 AND $2 GROUP BY user_id, device`,
      [FIRST_ID, LAST_ID],
    );
    await step(
      'activity_days',
      `INSERT INTO activity_days (user_id, day, signup_day)
       SELECT DISTINCT s.user_id, d::date, (p.created_at AT TIME ZONE 'UTC')::date
         FROM play_sessions s JOIN seed_players p ON p.id = s.user_id
        CROSS JOIN LATERAL generate_series((s.started_at AT TIME ZONE 'UTC')::date,
                                           (COALESCE(s.ended_at, s.started_at) AT TIME ZONE 'UTC')::date, interval '1 day') d`,
    );
    await client.query('COMMIT');
    await step('refresh analytics_signups_daily', 'REFRESH MATERIALIZED VIEW analytics_signups_daily');
    await step('refresh analytics_retention_daily', 'REFRESH MATERIALIZED VIEW analytics_retention_daily');
    await step('refresh analytics_active_changes', 'REFRESH MATERIALIZED VIEW analytics_active_changes');

    log('vacuum analyze');
    // Every synthetic user was written three times above (insert, last milestone, last seen):
    // compact the table as the trickle of real updates would have left it.
    await client.query('VACUUM (FULL, ANALYZE) users');
    for (const table of ['milestone_events', 'player_milestones', 'play_sessions', 'player_devices', 'activity_days', 'analytics_signups_daily', 'analytics_retention_daily', 'analytics_active_changes']) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
    const counts = await client.query<{ players: number; events: number; sessions: number }>(
      `SELECT (SELECT count(*) FROM users WHERE id BETWEEN $1 AND $2)::int AS players,
              (SELECT count(*) FROM milestone_events WHERE user_id BETWEEN $1 AND $2)::int AS events,
              (SELECT count(*) FROM play_sessions WHERE user_id BETWEEN $1 AND $2)::int AS sessions`,
      [FIRST_ID, LAST_ID],
    );
    return { ...counts.rows[0], ms: performance.now() - started };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      players: { type: 'string', default: '100000' },
      events: { type: 'string', default: '3000000' },
      weeks: { type: 'string', default: '26' },
      seed: { type: 'string', default: '0.42' },
    },
  });
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('seed:analytics writes into a real Postgres only: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/smoulder_analytics)');
    return 2;
  }
  const opts = {
    databaseUrl,
    players: Number(values.players),
    events: Number(values.events),
    weeks: Number(values.weeks),
    seed: Number(values.seed),
    log: (line: string) => console.log(line),
  };
  if (![opts.players, opts.events, opts.weeks].every((n) => Number.isInteger(n) && n > 0) || !(opts.seed >= -1 && opts.seed <= 1)) {
    console.error('--players, --events and --weeks take whole numbers above 0, --seed a number from -1 to 1');
    return 2;
  }
  console.log(`seeding ${opts.players} players, ${opts.events} milestone events over ${opts.weeks} weeks into ${new URL(databaseUrl).pathname.slice(1)}`);
  const result = await seedAnalytics(opts);
  console.log(
    `done in ${(result.ms / 1000).toFixed(1)} s: ${result.players} players, ${result.events} milestone events, ${result.sessions} play sessions`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}

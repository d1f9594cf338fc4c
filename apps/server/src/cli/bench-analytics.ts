/**
 * `npm run bench:analytics`: times every admin dashboard query against the Postgres named by
 * DATABASE_URL (seed it first with `npm run seed:analytics`), through the same Prisma client and
 * repo functions the admin API uses. Each query runs after a warm-up for `--runs` times (≥ 15)
 * over the whole history and over the last 30 days; the median and 95th percentile are printed
 * against the 300 ms target. Exit code 1 when any p95 misses it.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase, type PrismaClient } from '../db/database.ts';
import * as repo from '../features/admin/repo.ts';
import { refreshRollups } from '../features/analytics/repo.ts';

export const TARGET_MS = 300;

interface Result {
  name: string;
  median: number;
  p95: number;
}

/** Nearest-rank percentile of sorted timings. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function time(name: string, runs: number, query: () => Promise<unknown>): Promise<Result> {
  await query(); // warm-up: plans and buffers
  const timings: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await query();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { name, median: percentile(timings, 50), p95: percentile(timings, 95) };
}

export async function benchAnalytics(prisma: PrismaClient, runs: number, now = Date.now()): Promise<Result[]> {
  const day = (offset: number) => new Date(now + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const ranges: Array<[string, repo.Range]> = [
    ['all time', repo.dateRange()],
    ['last 30 days', repo.dateRange(day(-29), day(0))],
  ];
  // A player to look up: the most recent account with an email, and a search by its prefix.
  const [sample] = await prisma.$queryRaw<{ id: string; email: string }[]>`
    SELECT id::text AS id, email FROM users WHERE email IS NOT NULL ORDER BY last_seen_at DESC NULLS LAST LIMIT 1`;
  const results: Result[] = [];
  for (const [label, range] of ranges) {
    const queries: Array<[string, () => Promise<unknown>]> = [
      ['overview', () => repo.overview(prisma, range, now, 0)],
      ['funnel', () => repo.funnel(prisma, range)],
      ['drop-off', () => repo.dropOff(prisma, range, now)],
      ['retention', () => repo.retention(prisma, range, now)],
      ['breakdowns', () => repo.breakdowns(prisma, range)],
    ];
    if (sample) {
      queries.push(['player search (email prefix)', () => repo.searchPlayers(prisma, sample.email.slice(0, 8), range)]);
      queries.push(['player search (id)', () => repo.searchPlayers(prisma, sample.id, range)]);
      queries.push(['player detail', () => repo.playerDetail(prisma, sample.id, range)]);
    }
    for (const [name, query] of queries) results.push(await time(`${name}, ${label}`, runs, query));
  }
  return results;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { runs: { type: 'string', default: '20' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 15) {
    console.error('--runs takes a whole number of at least 15');
    return 2;
  }
  if (!env.DATABASE_URL) {
    console.error('bench:analytics measures a real Postgres: set DATABASE_URL (and seed it with npm run seed:analytics)');
    return 2;
  }
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'memory://' });
  try {
    const [counts] = await db.prisma.$queryRaw<{ players: number; events: number; sessions: number }[]>`
      SELECT (SELECT count(*) FROM users)::int AS players, (SELECT count(*) FROM milestone_events)::int AS events,
             (SELECT count(*) FROM play_sessions)::int AS sessions`;
    console.log(`${counts.players} players, ${counts.events} milestone events, ${counts.sessions} play sessions; ${runs} runs per query\n`);
    const results = await benchAnalytics(db.prisma, runs);
    const width = Math.max(...results.map((r) => r.name.length));
    console.log(`${'query'.padEnd(width)}  median ms   p95 ms   ≤ ${TARGET_MS} ms`);
    for (const r of results) {
      console.log(`${r.name.padEnd(width)}  ${r.median.toFixed(1).padStart(9)}  ${r.p95.toFixed(1).padStart(7)}   ${r.p95 <= TARGET_MS ? 'yes' : 'NO'}`);
    }
    // Not a dashboard query: the server runs it in the background every minute.
    const refresh = await time('refresh of the materialized rollups', 3, () => refreshRollups(db.prisma));
    console.log(`\n(background, every 60 s) ${refresh.name}: median ${refresh.median.toFixed(0)} ms, max ${refresh.p95.toFixed(0)} ms`);
    const misses = results.filter((r) => r.p95 > TARGET_MS).length;
    console.log(misses === 0 ? `\nevery query meets ${TARGET_MS} ms at p95` : `\n${misses} queries miss ${TARGET_MS} ms at p95`);
    return misses === 0 ? 0 : 1;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}

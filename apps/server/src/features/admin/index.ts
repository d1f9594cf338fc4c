import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_CSV_TABLES,
  ADMIN_ROUTES,
  AdminTableQuery,
  DateRange,
  PlayerSearchQuery,
  type OnlineUpdate,
} from '@smoulder/protocol';
import type { z } from 'zod';
import { describeIssues, sendError } from '../../http/errors.ts';
import { toCsv, type CsvTable } from './csv.ts';
import * as repo from './repo.ts';

export interface AdminOptions {
  wallNow?: () => number;
  /** Comment line sent on idle event streams so proxies keep them open. */
  heartbeatMs?: number;
}

/** 401 without a session, 403 for a signed-in player who is not an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const current = await request.server.sessions.current(request);
  if (!current) return sendError(reply, 401, 'auth/required', 'sign in as an admin first');
  if (!current.user.isAdmin) return sendError(reply, 403, 'auth/forbidden', 'this needs the admin role');
  return undefined;
}

type TableName<K extends keyof typeof ADMIN_CSV_TABLES> = (typeof ADMIN_CSV_TABLES)[K][number];

/**
 * The admin analytics API (packages/protocol/src/admin.ts): every route needs the admin role,
 * takes `from`/`to` (ISO dates, inclusive, UTC) and, for tables, `format=csv` (+ `table`).
 */
const adminRoutes: FastifyPluginAsync<AdminOptions> = async (app, opts) => {
  const { prisma } = app.db;
  const now = () => (opts.wallNow ?? Date.now)();
  app.addHook('preHandler', requireAdmin);

  /** Parses the query; on failure the reply is already sent. */
  function parse<S extends z.ZodType<z.infer<typeof DateRange>>>(schema: S, request: FastifyRequest, reply: FastifyReply): z.infer<S> | null {
    const parsed = schema.safeParse(request.query ?? {});
    if (!parsed.success) {
      sendError(reply, 400, 'request/invalid', 'the query is not valid', describeIssues(parsed.error));
      return null;
    }
    const { from, to } = parsed.data;
    if (from && to && from > to) {
      sendError(reply, 400, 'request/invalid', 'the range ends before it starts', ['to: must not be before from']);
      return null;
    }
    return parsed.data;
  }

  /**
   * A table route: JSON by default; with `format=csv` one of its tables (by `table`, default the
   * first) as a CSV download named after the route and range.
   */
  function tableRoute<K extends keyof typeof ADMIN_CSV_TABLES, Q extends z.infer<typeof AdminTableQuery>>(
    page: K,
    schema: z.ZodType<Q>,
    load: (query: Q, range: repo.Range, request: FastifyRequest) => Promise<unknown>,
    tables: (data: never) => Record<TableName<K>, CsvTable>,
    csvName: (request: FastifyRequest) => string = () => page,
  ) {
    app.get(ADMIN_ROUTES[page], async (request, reply) => {
      const query = parse(schema, request, reply);
      if (!query) return reply;
      const names: readonly string[] = ADMIN_CSV_TABLES[page];
      const table = query.table ?? names[0];
      if (query.format === 'csv' && !names.includes(table)) {
        return sendError(reply, 400, 'request/invalid', `table must be one of: ${names.join(', ')}`);
      }
      const range = repo.dateRange(query.from, query.to);
      const data = await load(query, range, request);
      if (data === null) return sendError(reply, 404, 'request/not_found', 'no such player');
      reply.header('cache-control', 'no-store');
      if (query.format !== 'csv') return data;
      const csv = toCsv((tables as (d: unknown) => Record<string, CsvTable>)(data)[table]);
      const suffix = [names.length > 1 ? table : null, range.from && `from-${range.from}`, range.to && `to-${range.to}`].filter(Boolean);
      const filename = ['smoulder', csvName(request), ...suffix].join('-');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}.csv"`)
        .send(csv);
    });
  }

  tableRoute(
    'overview',
    AdminTableQuery,
    (_q, range) => repo.overview(prisma, range, now(), app.analytics.online.count),
    (d: Awaited<ReturnType<typeof repo.overview>>) => ({
      summary: {
        columns: ['metric', 'value'],
        rows: [
          ['players_total', d.players.total],
          ['players_guests', d.players.guests],
          ['players_accounts', d.players.accounts],
          ['online_now', d.onlineNow],
          ['active_daily', d.active.daily],
          ['active_weekly', d.active.weekly],
          ['active_monthly', d.active.monthly],
        ],
      },
      new_players: { columns: ['day', 'players'], rows: d.newPlayersPerDay.map((r) => [r.day, r.players]) },
    }),
  );

  tableRoute(
    'funnel',
    AdminTableQuery,
    (_q, range) => repo.funnel(prisma, range),
    (d: Awaited<ReturnType<typeof repo.funnel>>) => ({
      steps: {
        columns: ['milestone', 'players', 'from_previous', 'from_start', 'median_play_ms', 'p90_play_ms'],
        rows: d.steps.map((s) => [s.milestone, s.players, s.fromPrevious, s.fromStart, s.medianPlayMs, s.p90PlayMs]),
      },
    }),
  );

  tableRoute(
    'dropOff',
    AdminTableQuery,
    (_q, range) => repo.dropOff(prisma, range, now()),
    (d: Awaited<ReturnType<typeof repo.dropOff>>) => ({
      rows: { columns: ['last_milestone', 'players'], rows: d.rows.map((r) => [r.milestone, r.players]) },
    }),
    () => 'dropoff',
  );

  tableRoute(
    'retention',
    AdminTableQuery,
    (_q, range) => repo.retention(prisma, range, now()),
    (d: Awaited<ReturnType<typeof repo.retention>>) => {
      const longest = Math.max(0, ...d.cohorts.map((c) => c.weeks.length));
      return {
        cohorts: {
          columns: ['week', 'size', ...Array.from({ length: longest }, (_, n) => `week_${n}`)],
          rows: d.cohorts.map((c) => [c.week, c.size, ...c.weeks]),
        },
      };
    },
  );

  tableRoute(
    'breakdowns',
    AdminTableQuery,
    (_q, range) => repo.breakdowns(prisma, range),
    (d: Awaited<ReturnType<typeof repo.breakdowns>>) => ({
      languages: { columns: ['locale', 'players'], rows: d.languages.map((r) => [r.locale, r.players]) },
      devices: { columns: ['devices', 'players'], rows: d.devices.map((r) => [r.devices, r.players]) },
    }),
  );

  tableRoute(
    'players',
    PlayerSearchQuery,
    (q, range) => repo.searchPlayers(prisma, q.query, range),
    (d: Awaited<ReturnType<typeof repo.searchPlayers>>) => ({
      players: {
        columns: ['id', 'email', 'created_at', 'last_seen_at', 'last_milestone'],
        rows: d.players.map((p) => [p.id, p.email, p.createdAt, p.lastSeenAt, p.lastMilestone]),
      },
    }),
  );

  tableRoute(
    'player',
    AdminTableQuery,
    (_q, range, request) => repo.playerDetail(prisma, (request.params as { id: string }).id, range),
    (d: NonNullable<Awaited<ReturnType<typeof repo.playerDetail>>>) => ({
      milestones: {
        columns: ['milestone', 'game_id', 'play_ms', 'at'],
        rows: d.milestones.map((m) => [m.milestone, m.gameId, m.playMs, m.at]),
      },
      devices: {
        columns: ['device', 'locale', 'first_seen', 'last_seen', 'sessions'],
        rows: d.devices.map((v) => [v.device, v.locale, v.firstSeen, v.lastSeen, v.sessions]),
      },
      snapshots: {
        columns: ['id', 'at', 'play_ms', 'milestone'],
        rows: d.snapshots.map((s) => [s.id, s.at, s.playMs, s.milestone]),
      },
    }),
    (request) => `player-${(request.params as { id: string }).id}`,
  );

  // ---- online now, pushed as server-sent events ----
  const streams = new Set<FastifyReply>();
  app.get(ADMIN_ROUTES.online, async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const push = (onlineNow: number) => {
      const update: OnlineUpdate = { onlineNow };
      res.write(`data: ${JSON.stringify(update)}\n\n`);
    };
    res.write('retry: 5000\n');
    push(app.analytics.online.count);
    const unsubscribe = app.analytics.online.subscribe(push);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), opts.heartbeatMs ?? 25_000);
    streams.add(reply);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(reply);
    };
    request.raw.once('close', stop);
    res.once('close', stop);
  });
  // Open streams would hold the server's close forever.
  app.addHook('preClose', async () => {
    for (const reply of streams) reply.raw.end();
    streams.clear();
  });
};

export default adminRoutes;

import { z } from 'zod';

/**
 * The admin analytics API. Every route lives under /api/admin, answers 401 without a session and
 * 403 to players, takes an optional date range (`from`, `to`: ISO dates, inclusive, UTC) and, for
 * tables, `format=csv` for a CSV download of the same rows.
 */
export const DateRange = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export type DateRange = z.infer<typeof DateRange>;

export const Overview = z.object({
  players: z.object({ total: z.number().int(), guests: z.number().int(), accounts: z.number().int() }),
  onlineNow: z.number().int(),
  active: z.object({ daily: z.number().int(), weekly: z.number().int(), monthly: z.number().int() }),
  newPlayersPerDay: z.array(z.object({ day: z.iso.date(), players: z.number().int() })),
});
export type Overview = z.infer<typeof Overview>;

export const FunnelStep = z.object({
  milestone: z.string(),
  players: z.number().int(),
  /** Share of the previous step's players who reached this one (1 for the first step). */
  fromPrevious: z.number(),
  /** Share of the first step's players. */
  fromStart: z.number(),
  /** Play time (ms of game clock) to reach it: median and 90th percentile; null with no players. */
  medianPlayMs: z.number().nullable(),
  p90PlayMs: z.number().nullable(),
});
export const Funnel = z.object({ steps: z.array(FunnelStep) });
export type Funnel = z.infer<typeof Funnel>;

/** Players inactive 7 days or more, by the last milestone they reached. */
export const DropOff = z.object({
  inactiveSince: z.iso.datetime(),
  rows: z.array(z.object({ milestone: z.string(), players: z.number().int() })),
});
export type DropOff = z.infer<typeof DropOff>;

/** Weekly signup cohorts × weeks since signup: the share of the cohort active in that week. */
export const Retention = z.object({
  cohorts: z.array(
    z.object({ week: z.iso.date(), size: z.number().int(), weeks: z.array(z.number()) }),
  ),
});
export type Retention = z.infer<typeof Retention>;

export const Breakdowns = z.object({
  languages: z.array(z.object({ locale: z.string(), players: z.number().int() })),
  devices: z.array(z.object({ devices: z.number().int(), players: z.number().int() })),
});
export type Breakdowns = z.infer<typeof Breakdowns>;

export const PlayerSummary = z.object({
  id: z.string(),
  email: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime().nullable(),
  lastMilestone: z.string().nullable(),
});
export const PlayerSearch = z.object({ players: z.array(PlayerSummary) });
export type PlayerSearch = z.infer<typeof PlayerSearch>;

export const PlayerDetail = z.object({
  player: PlayerSummary,
  /** Oldest first, across all of the player's games (`gameId` tells them apart). */
  milestones: z.array(z.object({ milestone: z.string(), gameId: z.string(), playMs: z.number(), at: z.iso.datetime() })),
  devices: z.array(
    z.object({ device: z.string(), locale: z.string().nullable(), firstSeen: z.iso.datetime(), lastSeen: z.iso.datetime(), sessions: z.number().int() }),
  ),
  /** Saved snapshots of the game, newest first (save history arrives with account management). */
  snapshots: z.array(z.object({ id: z.string(), at: z.iso.datetime(), playMs: z.number(), milestone: z.string().nullable() })),
});
export type PlayerDetail = z.infer<typeof PlayerDetail>;

/** Pushed on GET /api/admin/online (server-sent events): one `data:` line per change. */
export const OnlineUpdate = z.object({ onlineNow: z.number().int() });
export type OnlineUpdate = z.infer<typeof OnlineUpdate>;

/** Where each page's data lives (all GET). `:id` is a player's id. */
export const ADMIN_ROUTES = {
  overview: '/api/admin/overview',
  funnel: '/api/admin/funnel',
  dropOff: '/api/admin/dropoff',
  retention: '/api/admin/retention',
  breakdowns: '/api/admin/breakdowns',
  players: '/api/admin/players',
  player: '/api/admin/players/:id',
  online: '/api/admin/online',
} as const;

/**
 * The tables each route can export with `format=csv`; `table` picks one (default: the first).
 * The CSV has the same rows as the JSON; shares are fractions (0.25 = 25 %), times are ms.
 */
export const ADMIN_CSV_TABLES = {
  overview: ['summary', 'new_players'],
  funnel: ['steps'],
  dropOff: ['rows'],
  retention: ['cohorts'],
  breakdowns: ['languages', 'devices'],
  players: ['players'],
  player: ['milestones', 'devices', 'snapshots'],
} as const;

/** Query of every table route: the date range, `format`, and which table a CSV export holds. */
export const AdminTableQuery = DateRange.extend({ table: z.string().max(32).optional() });
export type AdminTableQuery = z.infer<typeof AdminTableQuery>;

/** GET /api/admin/players?query=…: an exact player id, or the start of an email (case-insensitive). */
export const PlayerSearchQuery = AdminTableQuery.extend({ query: z.string().trim().min(1).max(254) });
export type PlayerSearchQuery = z.infer<typeof PlayerSearchQuery>;

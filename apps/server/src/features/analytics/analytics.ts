import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../db/database.ts';
import { deviceName } from './device.ts';
import { OnlineTracker } from './online.ts';
import { closePlaySession, closePlaySessions, openPlaySession, recordMilestones, refreshRollups, type MilestoneRecord } from './repo.ts';

export interface MilestoneReached {
  userId: string;
  gameId: string;
  milestone: string;
  playMs: number;
}

/** One open game socket, as analytics sees it. */
export interface SocketActivity {
  /** The socket closed: ends its play session. Safe to call more than once. */
  end(): void;
}

export interface AnalyticsOptions {
  log: FastifyBaseLogger;
  wallNow?: () => number;
  /** How long a milestone waits for others to be recorded with it (default MILESTONE_GATHER_MS). */
  milestoneGatherMs?: number;
}

/** Milestones reached within this long of each other are recorded in one statement. */
export const MILESTONE_GATHER_MS = 50;
/** The most milestones one statement records; more start another at once. */
const MILESTONE_BATCH = 500;

/** How often the materialized rollups behind the dashboards are recomputed. */
export const ROLLUP_REFRESH_MS = 60_000;

/**
 * Records what players do for the admin dashboards: milestones, play sessions and who is online.
 * Nothing here may slow down or break a game: writes run in the background, a failed write is
 * logged and dropped. `close()` waits for the writes in flight and ends the sessions still open.
 */
export class Analytics {
  readonly online = new OnlineTracker();
  private readonly pending = new Set<Promise<unknown>>();
  /** Play sessions of the sockets open now, by their (eventual) id. */
  private readonly openSessions = new Set<Promise<string | null>>();
  private closed = false;
  private refreshTimer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  /** Milestones waiting to be recorded together (they carry the time they were reached). */
  private milestones: MilestoneRecord[] = [];
  private milestoneTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: AnalyticsOptions,
  ) {}

  private now(): Date {
    return new Date((this.options.wallNow ?? Date.now)());
  }

  /** Runs a write in the background; its failure is logged, never thrown. */
  private background<T>(what: string, fields: object, write: () => Promise<T>): Promise<T | null> {
    if (this.closed) return Promise.resolve(null);
    const run = write().catch((err: unknown) => {
      this.options.log.error({ err, ...fields }, `analytics: could not record ${what}`);
      return null;
    });
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  milestone(event: MilestoneReached): void {
    if (this.closed) return;
    this.milestones.push({ ...event, at: this.now() });
    if (this.milestones.length >= MILESTONE_BATCH) this.recordMilestones();
    else this.milestoneTimer ??= setTimeout(() => this.recordMilestones(), this.options.milestoneGatherMs ?? MILESTONE_GATHER_MS);
  }

  private recordMilestones(): void {
    if (this.milestoneTimer) clearTimeout(this.milestoneTimer);
    this.milestoneTimer = null;
    const batch = this.milestones;
    this.milestones = [];
    if (batch.length === 0) return;
    void this.background('milestones', { count: batch.length, userId: batch[0].userId }, () => recordMilestones(this.prisma, batch));
  }

  /** A game socket opened: the player is online and a play session starts. */
  socketOpened(userId: string, client: { userAgent?: string; locale: string | null }): SocketActivity {
    this.online.joined(userId);
    const device = deviceName(client.userAgent);
    const session = this.background('a play session', { userId }, () =>
      openPlaySession(this.prisma, { userId, device, locale: client.locale, at: this.now() }),
    );
    this.openSessions.add(session);
    let ended = false;
    return {
      end: () => {
        if (ended) return;
        ended = true;
        this.online.left(userId);
        this.openSessions.delete(session);
        const at = this.now();
        void this.background('the end of a play session', { userId }, async () => {
          const id = await session;
          if (id !== null) await closePlaySession(this.prisma, id, at);
        });
      },
    };
  }

  /**
   * Recomputes the dashboards' materialized rollups now (a refresh already running is joined,
   * not doubled). Failures are logged.
   */
  refreshRollups(): Promise<void> {
    this.refreshing ??= (async () => {
      const started = performance.now();
      try {
        await refreshRollups(this.prisma);
        this.options.log.debug({ ms: Math.round(performance.now() - started) }, 'analytics: rollups refreshed');
      } catch (err) {
        this.options.log.error({ err }, 'analytics: could not refresh the rollups');
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Refreshes the rollups every `everyMs` (and once now); 0 turns it off. */
  startRefreshing(everyMs: number = ROLLUP_REFRESH_MS): void {
    if (everyMs <= 0 || this.refreshTimer) return;
    void this.refreshRollups();
    this.refreshTimer = setInterval(() => void this.refreshRollups(), everyMs);
    this.refreshTimer.unref();
  }

  /** Waits for every write in flight, starting the milestones that wait for company first. */
  async drain(): Promise<void> {
    this.recordMilestones();
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Shutdown: ends the sessions still open, finishes the writes in flight, then records nothing more. */
  async close(): Promise<void> {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
    await this.refreshing;
    const ids = (await Promise.all([...this.openSessions])).filter((id): id is string => id !== null);
    this.openSessions.clear();
    await this.background('the end of the open play sessions', { sessions: ids.length }, () =>
      closePlaySessions(this.prisma, ids, this.now()),
    );
    await this.drain();
    this.closed = true;
  }
}

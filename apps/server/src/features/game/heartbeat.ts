import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type DbClient } from '../../db/database.ts';

export interface HeartbeatOptions {
  /** How often the process says it is alive: the most a crash takes off a replay (see save-repo.ts). */
  everyMs: number;
  log: FastifyBaseLogger;
}

/**
 * This process's last sign of life, kept in `server_heartbeats` under an id of its own. A save
 * written while its game ran names that id; whoever loads the save after this process died runs
 * the game on to the last beat, so timer-only changes are not lost with the process.
 */
export class ProcessHeartbeat {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly db: DbClient,
    private readonly options: HeartbeatOptions,
  ) {}

  /** Beats once before returning, so no save can name this process before it is on record. */
  async start(): Promise<void> {
    // Rows of processes gone for a day only name saves long since rewritten or never to be replayed.
    await queryRows(this.db, `DELETE FROM "server_heartbeats" WHERE "seen_at" < now() - interval '1 day'`, []);
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.options.everyMs);
    this.timer.unref();
  }

  /** Stops beating; the last beat stays, the moment this process's games stopped at the latest. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
  }

  private beat(): Promise<void> {
    // A beat still on its way (a slow database) is not doubled: the next one is due soon anyway.
    this.beating ??= queryRows(
      this.db,
      `INSERT INTO "server_heartbeats" ("process_id", "seen_at") VALUES ($1::uuid, now())
       ON CONFLICT ("process_id") DO UPDATE SET "seen_at" = now()`,
      [this.id],
    )
      .then(() => {})
      .catch((err: unknown) => this.options.log.warn({ err }, 'could not record this process as alive'))
      .finally(() => {
        this.beating = null;
      });
    return this.beating;
  }
}

import { queryRows, type DbClient } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * A write named a revision that is no longer the stored one: someone else wrote in between.
 * The caller must reload and decide; overwriting would silently lose the other write.
 */
export class StaleSaveError extends Error {
  constructor(
    readonly userId: string,
    readonly expectedRevision: number,
    /** null when the user has no save at all. */
    readonly currentRevision: number | null,
  ) {
    super(
      `Save of user ${userId} is at revision ${currentRevision ?? 'none'}, ` +
        `the write expected revision ${expectedRevision}`,
    );
    this.name = 'StaleSaveError';
  }
}

export class SaveExistsError extends Error {
  constructor(readonly userId: string) {
    super(`User ${userId} already has a save`);
    this.name = 'SaveExistsError';
  }
}

export async function loadSave(
  db: DbClient,
  userId: string,
): Promise<{ state: unknown; revision: number; gameId: string } | null> {
  return db.save.findUnique({ where: { userId }, select: { state: true, revision: true, gameId: true } });
}

/**
 * Stores a user's first save at revision 0, as a new game (a new `gameId`); throws SaveExistsError
 * if one exists already.
 */
export async function createSave(
  db: DbClient,
  userId: string,
  state: unknown,
  stateVersion: number,
): Promise<{ revision: number; gameId: string }> {
  try {
    return await db.save.create({
      data: { userId, state: asJson(state), stateVersion, revision: 0 },
      select: { revision: true, gameId: true },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SaveExistsError(userId);
    throw error;
  }
}

/**
 * Replaces the save only if it is still at `expectedRevision`, and returns the new revision.
 * The revision check and the write are one UPDATE, so of two writers that read the same
 * revision exactly one succeeds; the other gets StaleSaveError.
 */
export async function writeSave(
  db: DbClient,
  userId: string,
  state: unknown,
  stateVersion: number,
  expectedRevision: number,
): Promise<number> {
  const newRevision = expectedRevision + 1;
  const { count } = await db.save.updateMany({
    where: { userId, revision: expectedRevision },
    // Written from outside a running game (a restore, an import): nothing to run on after it.
    data: { state: asJson(state), stateVersion, revision: newRevision, runningOn: null, runningClock: null, runningRate: null },
  });
  if (count === 0) {
    const current = await db.save.findUnique({ where: { userId }, select: { revision: true } });
    throw new StaleSaveError(userId, expectedRevision, current?.revision ?? null);
  }
  return newRevision;
}

/** Where a running game's clock stood as it was written, and how fast it ran (game ms per wall ms). */
export interface RunningClock {
  clock: number;
  rate: number;
}

export interface SaveWrite {
  userId: string;
  state: unknown;
  stateVersion: number;
  expectedRevision: number;
  /** Set when the game's clock was running as it was written (by the writing process). */
  running?: RunningClock | null;
}

/** How one write of a batch went: its new revision, or the revision found instead (null: no save). */
export type SaveWriteResult = { ok: true; revision: number } | { ok: false; currentRevision: number | null };

const WRITE_SAVES_SQL = `
    UPDATE "saves" AS s
       SET "state" = v.state, "state_version" = v.state_version, "revision" = s."revision" + 1, "updated_at" = now(),
           "running_on" = CASE WHEN v.rate > 0 THEN $2::uuid END,
           "running_clock" = CASE WHEN v.rate > 0 THEN v.clock END,
           "running_rate" = CASE WHEN v.rate > 0 THEN v.rate END
      FROM json_to_recordset($1::json) AS v(user_id uuid, state json, state_version int, expected int, clock float8, rate real)
     WHERE s."user_id" = v.user_id AND s."revision" = v.expected
    RETURNING s."user_id"::text AS "user_id", s."revision"`;

/**
 * writeSave for many games in one statement (and one commit): each row is replaced only if it is
 * still at its own expected revision, exactly as writeSave checks it. One user appears at most once
 * per batch. Results come back in the order of `writes`. A write whose game was running records
 * `processId` as the process running it (see `replayFor`); without one, none is recorded.
 */
export async function writeSaves(db: DbClient, writes: readonly SaveWrite[], processId: string | null = null): Promise<SaveWriteResult[]> {
  if (writes.length === 0) return [];
  for (const w of writes) asJson(w.state);
  const rows = JSON.stringify(
    writes.map((w) => {
      const running = processId && w.running && w.running.rate > 0 ? w.running : null;
      return {
        user_id: w.userId,
        state: w.state,
        state_version: w.stateVersion,
        expected: w.expectedRevision,
        clock: running?.clock ?? null,
        rate: running?.rate ?? 0,
      };
    }),
  );
  // On Postgres this skips Prisma's query compiler, which would copy every batch's JSON into its
  // engine and back (a quarter of the server's CPU under load).
  const updated = await queryRows<{ user_id: string; revision: number }>(db, WRITE_SAVES_SQL, [rows, processId]);
  const done = new Map(updated.map((r) => [r.user_id, r.revision]));
  const stale = writes.filter((w) => !done.has(w.userId)).map((w) => w.userId);
  const current = stale.length
    ? new Map(
        (await db.save.findMany({ where: { userId: { in: stale } }, select: { userId: true, revision: true } })).map((r) => [
          r.userId,
          r.revision,
        ]),
      )
    : new Map<string, number>();
  return writes.map((w) => {
    const revision = done.get(w.userId);
    return revision !== undefined ? { ok: true, revision } : { ok: false, currentRevision: current.get(w.userId) ?? null };
  });
}

function asJson(state: unknown): Prisma.InputJsonValue {
  // Prisma needs its JsonNull marker for a JSON null; a save is never legitimately empty.
  if (state === null || state === undefined) {
    throw new TypeError('A save state must be a JSON value other than null');
  }
  return state as Prisma.InputJsonValue;
}

/** How far past its save a game ran before the process running it was last seen alive. */
export interface Replay {
  /** The game clock to run the loaded state on to. */
  toClock: number;
  /** Wall ms between the write and the last sign of life, as counted (at most MAX_REPLAY_MS). */
  wallMs: number;
}

/**
 * The longest a game is run on past its save. Timer-only changes are written within
 * `timerSaveDelayMs` (10 s by default), so an honest replay is shorter; the cap only matters when a
 * running save outlived its game's stop (a final write that failed), and keeps what is made up small.
 */
export const MAX_REPLAY_MS = 30_000;

export interface HostSave {
  state: unknown;
  revision: number;
  gameId: string;
  replay: Replay | null;
}

type HostSaveRow = {
  state: unknown;
  revision: number;
  game_id: string;
  running_clock: number | null;
  running_rate: number | null;
  ran_ms: number | null;
};

/** What `ran_ms` is: the running process's last sign of life after the write, in wall ms (null: unknown). */
const RAN_MS = `(SELECT extract(epoch FROM (h."seen_at" - s."updated_at")) * 1000
                   FROM "server_heartbeats" AS h WHERE h."process_id" = s."running_on")::float8 AS "ran_ms"`;
const HOST_SAVE_COLUMNS = `s."state", s."revision", s."game_id"::text AS "game_id",
       s."running_clock", s."running_rate"::float8 AS "running_rate", ${RAN_MS}`;

function hostSave(row: HostSaveRow | undefined): HostSave | null {
  if (!row) return null;
  return { state: row.state, revision: row.revision, gameId: row.game_id, replay: replayOf(row) };
}

function replayOf(row: HostSaveRow): Replay | null {
  if (row.running_clock === null || !row.running_rate || row.ran_ms === null || row.ran_ms <= 0) return null;
  const wallMs = Math.min(MAX_REPLAY_MS, row.ran_ms);
  return { toClock: row.running_clock + wallMs * row.running_rate, wallMs };
}

/**
 * Loads a save for a new owner and fences it in the same statement: the revision moves on by one,
 * so a write still on its way from a previous owner (which read the old revision) is refused. The
 * row lock orders the two: a write that committed first is in what this returns.
 */
export async function claimSave(db: DbClient, userId: string): Promise<HostSave | null> {
  const rows = await queryRows<HostSaveRow>(
    db,
    `UPDATE "saves" AS s SET "revision" = s."revision" + 1 WHERE s."user_id" = $1::uuid
     RETURNING ${HOST_SAVE_COLUMNS}`,
    [userId],
  );
  return hostSave(rows[0]);
}

/** Loads a save for the only process there is (no fence). */
export async function readSaveForHost(db: DbClient, userId: string): Promise<HostSave | null> {
  const rows = await queryRows<HostSaveRow>(db, `SELECT ${HOST_SAVE_COLUMNS} FROM "saves" AS s WHERE s."user_id" = $1::uuid`, [userId]);
  return hostSave(rows[0]);
}

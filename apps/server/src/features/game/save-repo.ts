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
    data: { state: asJson(state), stateVersion, revision: newRevision },
  });
  if (count === 0) {
    const current = await db.save.findUnique({ where: { userId }, select: { revision: true } });
    throw new StaleSaveError(userId, expectedRevision, current?.revision ?? null);
  }
  return newRevision;
}

export interface SaveWrite {
  userId: string;
  state: unknown;
  stateVersion: number;
  expectedRevision: number;
}

/** How one write of a batch went: its new revision, or the revision found instead (null: no save). */
export type SaveWriteResult = { ok: true; revision: number } | { ok: false; currentRevision: number | null };

const WRITE_SAVES_SQL = `
    UPDATE "saves" AS s
       SET "state" = v.state, "state_version" = v.state_version, "revision" = s."revision" + 1, "updated_at" = now()
      FROM json_to_recordset($1::json) AS v(user_id uuid, state json, state_version int, expected int)
     WHERE s."user_id" = v.user_id AND s."revision" = v.expected
    RETURNING s."user_id"::text AS "user_id", s."revision"`;

/**
 * writeSave for many games in one statement (and one commit): each row is replaced only if it is
 * still at its own expected revision, exactly as writeSave checks it. One user appears at most once
 * per batch. Results come back in the order of `writes`.
 */
export async function writeSaves(db: DbClient, writes: readonly SaveWrite[]): Promise<SaveWriteResult[]> {
  if (writes.length === 0) return [];
  for (const w of writes) asJson(w.state);
  const rows = JSON.stringify(
    writes.map((w) => ({ user_id: w.userId, state: w.state, state_version: w.stateVersion, expected: w.expectedRevision })),
  );
  // On Postgres this skips Prisma's query compiler, which would copy every batch's JSON into its
  // engine and back (a quarter of the server's CPU under load).
  const updated = await queryRows<{ user_id: string; revision: number }>(db, WRITE_SAVES_SQL, [rows]);
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

/**
 * Loads a save for a new owner and fences it in the same statement: the revision moves on by one,
 * so a write still on its way from a previous owner (which read the old revision) is refused. The
 * row lock orders the two: a write that committed first is in what this returns.
 */
export async function claimSave(
  db: DbClient,
  userId: string,
): Promise<{ state: unknown; revision: number; gameId: string } | null> {
  const rows = await queryRows<{ state: unknown; revision: number; game_id: string }>(
    db,
    `UPDATE "saves" SET "revision" = "revision" + 1 WHERE "user_id" = $1::uuid
     RETURNING "state", "revision", "game_id"::text AS "game_id"`,
    [userId],
  );
  const row = rows[0];
  return row ? { state: row.state, revision: row.revision, gameId: row.game_id } : null;
}

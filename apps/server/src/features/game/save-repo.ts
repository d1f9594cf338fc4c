import type { DbClient } from '../../db/database.ts';
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
): Promise<{ state: unknown; revision: number } | null> {
  return db.save.findUnique({ where: { userId }, select: { state: true, revision: true } });
}

/** Stores a user's first save at revision 0; throws SaveExistsError if one exists already. */
export async function createSave(
  db: DbClient,
  userId: string,
  state: unknown,
  stateVersion: number,
): Promise<{ revision: number }> {
  try {
    return await db.save.create({
      data: { userId, state: asJson(state), stateVersion, revision: 0 },
      select: { revision: true },
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

function asJson(state: unknown): Prisma.InputJsonValue {
  // Prisma needs its JsonNull marker for a JSON null; a save is never legitimately empty.
  if (state === null || state === undefined) {
    throw new TypeError('A save state must be a JSON value other than null');
  }
  return state as Prisma.InputJsonValue;
}

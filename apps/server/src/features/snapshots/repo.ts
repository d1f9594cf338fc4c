import type { DbClient } from '../../db/database.ts';
import type { GameSnapshot, Prisma } from '../../generated/prisma/client.ts';
import { isUuid } from '../accounts/repo.ts';

export type { GameSnapshot };
export type SnapshotRow = Omit<GameSnapshot, 'state'>;

const WITHOUT_STATE = {
  id: true,
  userId: true,
  reason: true,
  stateVersion: true,
  playMs: true,
  lastMilestone: true,
  createdAt: true,
} as const;

export async function insertSnapshot(
  db: DbClient,
  fields: { userId: string; reason: string; state: unknown; stateVersion: number; playMs: number; lastMilestone: string | null },
): Promise<SnapshotRow> {
  return db.gameSnapshot.create({
    data: {
      userId: fields.userId,
      reason: fields.reason,
      state: fields.state as Prisma.InputJsonValue,
      stateVersion: fields.stateVersion,
      playMs: BigInt(Math.max(0, Math.floor(fields.playMs))),
      lastMilestone: fields.lastMilestone,
    },
    select: WITHOUT_STATE,
  });
}

/** A player's snapshots without their states, newest first. */
export async function listSnapshots(db: DbClient, userId: string): Promise<SnapshotRow[]> {
  if (!isUuid(userId)) return [];
  return db.gameSnapshot.findMany({ where: { userId }, select: WITHOUT_STATE, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** One snapshot with its state, only if it is this player's. */
export async function findSnapshot(db: DbClient, userId: string, id: string): Promise<GameSnapshot | null> {
  if (!isUuid(userId) || !isUuid(id)) return null;
  return db.gameSnapshot.findFirst({ where: { id, userId } });
}

export async function latestSnapshot(db: DbClient, userId: string): Promise<SnapshotRow | null> {
  if (!isUuid(userId)) return null;
  return db.gameSnapshot.findFirst({ where: { userId }, select: WITHOUT_STATE, orderBy: { createdAt: 'desc' } });
}

export async function deleteSnapshotsOf(db: DbClient, userId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await db.gameSnapshot.deleteMany({ where: { userId, id: { in: [...ids] } } });
  return count;
}

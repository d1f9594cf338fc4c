import { queryRows, type DbClient } from '../../db/database.ts';
import type { GameSnapshot, Prisma } from '../../generated/prisma/client.ts';
import { isUuid } from '../accounts/repo.ts';

export type { GameSnapshot };
export type SnapshotRow = Omit<GameSnapshot, 'state'>;

/** A snapshot's columns but its state, as SQL returns them (counters as text: bigint). */
interface SnapshotSqlRow {
  id: string;
  user_id: string;
  reason: string;
  state_version: number;
  play_ms: string;
  last_milestone: string | null;
  created_at: Date;
}

const SNAPSHOT_COLUMNS = `"id"::text AS "id", "user_id"::text AS "user_id", "reason", "state_version",
  "play_ms"::text AS "play_ms", "last_milestone", "created_at"`;

function toSnapshotRow(row: SnapshotSqlRow): SnapshotRow {
  return {
    id: row.id,
    userId: row.user_id,
    reason: row.reason,
    stateVersion: row.state_version,
    playMs: BigInt(row.play_ms),
    lastMilestone: row.last_milestone,
    createdAt: new Date(row.created_at),
  };
}

// The sweep writes a snapshot for every game that played ten minutes, then reads the player's list
// to apply the retention: both run through queryRows, off Prisma's query compiler on Postgres.

export async function insertSnapshot(
  db: DbClient,
  fields: { userId: string; reason: string; state: unknown; stateVersion: number; playMs: number; lastMilestone: string | null },
): Promise<SnapshotRow> {
  const rows = await queryRows<SnapshotSqlRow>(
    db,
    `INSERT INTO "game_snapshots" ("id", "user_id", "reason", "state", "state_version", "play_ms", "last_milestone")
     VALUES (gen_random_uuid(), $1::uuid, $2::text, $3::jsonb, $4::int, $5::bigint, $6::text)
     RETURNING ${SNAPSHOT_COLUMNS}`,
    [
      fields.userId,
      fields.reason,
      JSON.stringify(fields.state),
      fields.stateVersion,
      String(Math.max(0, Math.floor(fields.playMs))),
      fields.lastMilestone,
    ],
  );
  return toSnapshotRow(rows[0]);
}

/** A player's snapshots without their states, newest first. */
export async function listSnapshots(db: DbClient, userId: string): Promise<SnapshotRow[]> {
  if (!isUuid(userId)) return [];
  const rows = await queryRows<SnapshotSqlRow>(
    db,
    `SELECT ${SNAPSHOT_COLUMNS} FROM "game_snapshots" WHERE "user_id" = $1::uuid ORDER BY "created_at" DESC, "id" DESC`,
    [userId],
  );
  return rows.map(toSnapshotRow);
}

/** One snapshot with its state, only if it is this player's. */
export async function findSnapshot(db: DbClient, userId: string, id: string): Promise<GameSnapshot | null> {
  if (!isUuid(userId) || !isUuid(id)) return null;
  return db.gameSnapshot.findFirst({ where: { id, userId } });
}

/** The game clock of each player's latest snapshot, for many players in one statement (absent: none). */
export async function latestPlayMsOf(db: DbClient, userIds: readonly string[]): Promise<Map<string, number>> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ user_id: string; play_ms: string }>(
    db,
    `SELECT DISTINCT ON ("user_id") "user_id"::text AS "user_id", "play_ms"::text AS "play_ms"
       FROM "game_snapshots" WHERE "user_id" = ANY($1::uuid[])
      ORDER BY "user_id", "created_at" DESC, "id" DESC`,
    [ids],
  );
  return new Map(rows.map((row) => [row.user_id, Number(row.play_ms)]));
}

export async function deleteSnapshotsOf(db: DbClient, userId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await db.gameSnapshot.deleteMany({ where: { userId, id: { in: [...ids] } } });
  return count;
}

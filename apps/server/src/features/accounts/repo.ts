import { queryRows, type DbClient, type PrismaClient } from '../../db/database.ts';
import { isDeadlock, isUniqueViolation } from '../../db/errors.ts';
import type { Session, User } from '../../generated/prisma/client.ts';

export type { Session, User };

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`The email ${email} is already used by another account`);
    this.name = 'EmailTakenError';
  }
}

/** Emails are compared case-insensitively by storing them in one canonical form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Ids arrive from clients too; Postgres rejects a malformed uuid with an error rather than
// matching nothing.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** Creates an account; anonymous players get one with neither email nor password. */
export async function createUser(
  db: DbClient,
  fields: { email?: string; passwordHash?: string } = {},
): Promise<User> {
  const email = fields.email === undefined ? undefined : normalizeEmail(fields.email);
  try {
    return await db.user.create({ data: { email, passwordHash: fields.passwordHash } });
  } catch (error) {
    if (email !== undefined && isUniqueViolation(error)) throw new EmailTakenError(email);
    throw error;
  }
}

export async function findUserByEmail(db: DbClient, email: string): Promise<User | null> {
  return db.user.findUnique({ where: { email: normalizeEmail(email) } });
}

export async function findUserById(db: DbClient, id: string): Promise<User | null> {
  if (!UUID_PATTERN.test(id)) return null;
  return db.user.findUnique({ where: { id } });
}

/**
 * Attaches an email and password to an anonymous account. Returns the updated user, or null
 * when the user does not exist or already has an email (claiming happens once).
 * Throws EmailTakenError when another account uses the email.
 */
export async function claimUser(
  prisma: PrismaClient,
  userId: string,
  credentials: { email: string; passwordHash: string },
): Promise<User | null> {
  if (!UUID_PATTERN.test(userId)) return null;
  const email = normalizeEmail(credentials.email);
  try {
    return await prisma.$transaction(async (tx) => {
      const owner = await tx.user.findUnique({ where: { email }, select: { id: true } });
      if (owner && owner.id !== userId) throw new EmailTakenError(email);
      // The email: null condition makes a second, concurrent claim of the same account a no-op.
      const { count } = await tx.user.updateMany({
        where: { id: userId, email: null },
        data: { email, passwordHash: credentials.passwordHash, claimedAt: new Date() },
      });
      return count === 0 ? null : tx.user.findUnique({ where: { id: userId } });
    });
  } catch (error) {
    // Another claim may take the email between the check and the update; the index decides.
    if (isUniqueViolation(error)) throw new EmailTakenError(email);
    throw error;
  }
}

export async function createSession(
  db: DbClient,
  fields: { userId: string; tokenHash: string; expiresAt: Date; device?: string },
): Promise<Session> {
  return db.session.create({ data: fields });
}

/** What a request needs of its session: which device, when last seen, and who. */
export interface RequestSession {
  id: string;
  lastSeenAt: Date;
  user: { id: string; email: string | null; isAdmin: boolean };
}

/**
 * The live session with this token hash (expired ones count as absent), with what a request needs
 * of it: one statement, off Prisma's query compiler on Postgres (it runs for every joining socket).
 */
export async function findRequestSession(db: DbClient, tokenHash: string, now: Date = new Date()): Promise<RequestSession | null> {
  const rows = await queryRows<{ id: string; last_seen_at: Date; user_id: string; email: string | null; is_admin: boolean }>(
    db,
    `SELECT s."id"::text AS "id", s."last_seen_at", u."id"::text AS "user_id", u."email", u."is_admin"
       FROM "sessions" s JOIN "users" u ON u."id" = s."user_id"
      WHERE s."token_hash" = $1 AND s."expires_at" > $2`,
    [tokenHash, now],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    lastSeenAt: new Date(row.last_seen_at),
    user: { id: row.user_id, email: row.email, isAdmin: row.is_admin },
  };
}

/**
 * Records activity on a session and, for sliding expiry, optionally moves its expiry.
 * Returns false when the session no longer exists.
 */
export async function touchSession(
  db: DbClient,
  tokenHash: string,
  changes: { lastSeenAt?: Date; expiresAt?: Date } = {},
): Promise<boolean> {
  // Runs for most joining sockets (last seen is kept to the minute): one statement through queryRows.
  const rows = await queryRows<{ touched: number }>(
    db,
    `UPDATE "sessions" SET "last_seen_at" = $2::timestamptz, "expires_at" = COALESCE($3::timestamptz, "expires_at")
      WHERE "token_hash" = $1 RETURNING 1::int AS "touched"`,
    [tokenHash, changes.lastSeenAt ?? new Date(), changes.expiresAt ?? null],
  );
  return rows.length > 0;
}

/** Returns false when there was no such session. */
export async function deleteSession(db: DbClient, tokenHash: string): Promise<boolean> {
  const { count } = await db.session.deleteMany({ where: { tokenHash } });
  return count > 0;
}

/** Logs a user out everywhere, optionally keeping the session making the request. */
export async function deleteSessionsOfUser(
  db: DbClient,
  userId: string,
  exceptTokenHash?: string,
): Promise<number> {
  if (!UUID_PATTERN.test(userId)) return 0;
  const { count } = await db.session.deleteMany({
    where: {
      userId,
      ...(exceptTokenHash === undefined ? {} : { tokenHash: { not: exceptTokenHash } }),
    },
  });
  return count;
}

export async function deleteExpiredSessions(db: DbClient, now: Date = new Date()): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/** A user's live sessions (their signed-in devices), most recently seen first. */
export async function listSessionsOfUser(db: DbClient, userId: string, now: Date = new Date()): Promise<Session[]> {
  if (!UUID_PATTERN.test(userId)) return [];
  return db.session.findMany({ where: { userId, expiresAt: { gt: now } }, orderBy: [{ lastSeenAt: 'desc' }, { createdAt: 'desc' }] });
}

/** Ends one session of this user; false when no such session is theirs (another player's id included). */
export async function deleteSessionOfUser(db: DbClient, userId: string, sessionId: string): Promise<boolean> {
  if (!UUID_PATTERN.test(userId) || !UUID_PATTERN.test(sessionId)) return false;
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } });
  return count > 0;
}

/** Ends every session of a user but one; returns how many. */
export async function deleteOtherSessions(db: DbClient, userId: string, keepSessionId: string): Promise<number> {
  if (!UUID_PATTERN.test(userId)) return 0;
  const { count } = await db.session.deleteMany({ where: { userId, id: { not: keepSessionId } } });
  return count;
}

export async function setPasswordHash(db: DbClient, userId: string, passwordHash: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { passwordHash } });
}

/** Throws EmailTakenError when another account uses the email. */
export async function setEmail(db: DbClient, userId: string, email: string): Promise<User> {
  const normalized = normalizeEmail(email);
  try {
    return await db.user.update({ where: { id: userId }, data: { email: normalized } });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError(normalized);
    throw error;
  }
}

/** Deletes a user and, through the foreign keys, everything of theirs: sessions, game, history, analytics. */
export async function deleteUser(db: DbClient, userId: string): Promise<boolean> {
  if (!UUID_PATTERN.test(userId)) return false;
  for (let attempt = 1; ; attempt++) {
    try {
      const { count } = await db.user.deleteMany({ where: { id: userId } });
      return count > 0;
    } catch (error) {
      // The player's closing sockets record their play sessions meanwhile; Postgres may abort one side.
      if (attempt >= 3 || !isDeadlock(error)) throw error;
    }
  }
}

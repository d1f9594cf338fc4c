import type { Database } from '../db/database.ts';
import { createSession } from '../features/accounts/repo.ts';
import { SESSION_COOKIE } from '../features/accounts/sessions.ts';
import { hashToken, newSessionToken } from '../features/accounts/tokens.ts';

/** A user (guest without an email) with a live session, and the Cookie header that carries it. */
export async function signIn(
  db: Database,
  fields: { email?: string; admin?: boolean } = {},
): Promise<{ userId: string; cookie: string }> {
  const user = await db.prisma.user.create({ data: { email: fields.email, isAdmin: fields.admin ?? false } });
  const token = newSessionToken();
  await createSession(db.prisma, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
  return { userId: user.id, cookie: `${SESSION_COOKIE}=${token}` };
}

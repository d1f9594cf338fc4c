import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testBackends } from '../../db/test-database.ts';
import {
  claimUser,
  createSession,
  createUser,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  EmailTakenError,
  findRequestSession,
  findUserByEmail,
  findUserById,
  touchSession,
} from './repo.ts';

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number, from = Date.now()) => new Date(from + hours * HOUR);

describe.each(testBackends())('accounts repo on $name', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db?.close());
  // Deleting users cascades to their sessions and saves.
  beforeEach(() => db.prisma.user.deleteMany());

  describe('users', () => {
    it('creates an anonymous user with neither email nor password', async () => {
      const user = await createUser(db.prisma);
      expect(user).toMatchObject({ email: null, passwordHash: null, isAdmin: false, claimedAt: null });
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await findUserById(db.prisma, user.id)).toEqual(user);
    });

    it('stores emails lower-cased and finds them whatever their case', async () => {
      const user = await createUser(db.prisma, { email: '  Ash@Example.COM ', passwordHash: 'h1' });
      expect(user.email).toBe('ash@example.com');
      expect((await findUserByEmail(db.prisma, 'ASH@example.com'))?.id).toBe(user.id);
      expect(await findUserByEmail(db.prisma, 'other@example.com')).toBeNull();
    });

    it('refuses a second user with the same email, in any case', async () => {
      await createUser(db.prisma, { email: 'ash@example.com' });
      await expect(createUser(db.prisma, { email: 'ASH@example.com' })).rejects.toBeInstanceOf(
        EmailTakenError,
      );
      expect(await db.prisma.user.count()).toBe(1);
    });

    it('finds nothing for unknown or malformed ids', async () => {
      expect(await findUserById(db.prisma, randomUUID())).toBeNull();
      expect(await findUserById(db.prisma, 'not-a-uuid')).toBeNull();
    });
  });

  describe('claiming', () => {
    it('gives an anonymous user an email and password once', async () => {
      const guest = await createUser(db.prisma);
      const before = Date.now();
      const claimed = await claimUser(db.prisma, guest.id, { email: 'Ember@Example.com', passwordHash: 'h1' });
      expect(claimed).toMatchObject({ id: guest.id, email: 'ember@example.com', passwordHash: 'h1' });
      expect(claimed?.claimedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const again = await claimUser(db.prisma, guest.id, { email: 'other@example.com', passwordHash: 'h2' });
      expect(again).toBeNull();
      expect(await findUserById(db.prisma, guest.id)).toMatchObject({
        email: 'ember@example.com',
        passwordHash: 'h1',
      });
    });

    it('refuses an email another user has, leaving the guest anonymous', async () => {
      await createUser(db.prisma, { email: 'taken@example.com', passwordHash: 'h0' });
      const guest = await createUser(db.prisma);
      await expect(
        claimUser(db.prisma, guest.id, { email: 'TAKEN@example.com', passwordHash: 'h1' }),
      ).rejects.toBeInstanceOf(EmailTakenError);
      expect(await findUserById(db.prisma, guest.id)).toMatchObject({ email: null, claimedAt: null });
    });

    it('lets exactly one of two guests claiming the same email at once win', async () => {
      const [a, b] = await Promise.all([createUser(db.prisma), createUser(db.prisma)]);
      const results = await Promise.allSettled([
        claimUser(db.prisma, a.id, { email: 'race@example.com', passwordHash: 'ha' }),
        claimUser(db.prisma, b.id, { email: 'race@example.com', passwordHash: 'hb' }),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result) => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(EmailTakenError);
      const owner = await findUserByEmail(db.prisma, 'race@example.com');
      expect(owner?.id).toBe((won[0] as PromiseFulfilledResult<{ id: string }>).value.id);
    });

    it('returns null for a user that does not exist', async () => {
      expect(await claimUser(db.prisma, randomUUID(), { email: 'x@example.com', passwordHash: 'h' })).toBeNull();
    });
  });

  describe('sessions', () => {
    it('finds what a request needs of a live session in one statement', async () => {
      const user = await createUser(db.prisma, { email: 'ash@example.com' });
      const expiresAt = inHours(1);
      const session = await createSession(db.prisma, { userId: user.id, tokenHash: 't1', expiresAt });
      expect(await findRequestSession(db.prisma, 't1')).toEqual({
        id: session.id,
        lastSeenAt: session.lastSeenAt,
        user: { id: user.id, email: 'ash@example.com', isAdmin: false },
      });
      expect(await findRequestSession(db.prisma, 'unknown')).toBeNull();
      expect(await findRequestSession(db.prisma, 't1', new Date(expiresAt.getTime() - 1))).not.toBeNull();
      expect(await findRequestSession(db.prisma, 't1', expiresAt)).toBeNull();
      const guest = await createUser(db.prisma);
      await createSession(db.prisma, { userId: guest.id, tokenHash: 'g', expiresAt });
      expect((await findRequestSession(db.prisma, 'g'))?.user).toEqual({ id: guest.id, email: null, isAdmin: false });
    });

    it('treats an expired session as absent', async () => {
      const user = await createUser(db.prisma);
      const expiresAt = inHours(1);
      await createSession(db.prisma, { userId: user.id, tokenHash: 't1', expiresAt });
      expect(await findRequestSession(db.prisma, 't1', new Date(expiresAt.getTime() - 1))).not.toBeNull();
      expect(await findRequestSession(db.prisma, 't1', expiresAt)).toBeNull();
      expect(await findRequestSession(db.prisma, 't1', inHours(2))).toBeNull();
    });

    it('refuses two sessions with the same token hash', async () => {
      const user = await createUser(db.prisma);
      await createSession(db.prisma, { userId: user.id, tokenHash: 't1', expiresAt: inHours(1) });
      await expect(
        createSession(db.prisma, { userId: user.id, tokenHash: 't1', expiresAt: inHours(1) }),
      ).rejects.toThrow();
    });

    it('touches a session: last seen and, when asked, a later expiry', async () => {
      const user = await createUser(db.prisma);
      await createSession(db.prisma, { userId: user.id, tokenHash: 't1', expiresAt: inHours(1) });
      const seen = inHours(0.5);
      const extended = inHours(48);
      expect(await touchSession(db.prisma, 't1', { lastSeenAt: seen, expiresAt: extended })).toBe(true);
      const found = await db.prisma.session.findUnique({ where: { tokenHash: 't1' } });
      expect(found?.lastSeenAt.getTime()).toBe(seen.getTime());
      expect(found?.expiresAt.getTime()).toBe(extended.getTime());
      expect(await touchSession(db.prisma, 'unknown')).toBe(false);
    });

    it('deletes one session, or all of a user but the current one', async () => {
      const user = await createUser(db.prisma);
      const other = await createUser(db.prisma);
      for (const tokenHash of ['a', 'b', 'c']) {
        await createSession(db.prisma, { userId: user.id, tokenHash, expiresAt: inHours(1) });
      }
      await createSession(db.prisma, { userId: other.id, tokenHash: 'o', expiresAt: inHours(1) });

      expect(await deleteSession(db.prisma, 'a')).toBe(true);
      expect(await deleteSession(db.prisma, 'a')).toBe(false);
      expect(await deleteSessionsOfUser(db.prisma, user.id, 'c')).toBe(1);
      expect(await findRequestSession(db.prisma, 'b')).toBeNull();
      expect(await findRequestSession(db.prisma, 'c')).not.toBeNull();
      expect(await deleteSessionsOfUser(db.prisma, user.id)).toBe(1);
      expect(await findRequestSession(db.prisma, 'o')).not.toBeNull();
    });

    it('sweeps expired sessions only', async () => {
      const user = await createUser(db.prisma);
      const now = Date.now();
      await createSession(db.prisma, { userId: user.id, tokenHash: 'old', expiresAt: inHours(-1, now) });
      await createSession(db.prisma, { userId: user.id, tokenHash: 'edge', expiresAt: new Date(now) });
      await createSession(db.prisma, { userId: user.id, tokenHash: 'live', expiresAt: inHours(1, now) });
      expect(await deleteExpiredSessions(db.prisma, new Date(now))).toBe(2);
      const left = await db.prisma.session.findMany({ select: { tokenHash: true } });
      expect(left).toEqual([{ tokenHash: 'live' }]);
    });

    it('disappear with their user', async () => {
      const user = await createUser(db.prisma);
      await createSession(db.prisma, { userId: user.id, tokenHash: 't1', expiresAt: inHours(1) });
      await db.prisma.save.create({ data: { userId: user.id, state: { room: 'dark' }, stateVersion: 1 } });
      await db.prisma.user.delete({ where: { id: user.id } });
      expect(await db.prisma.session.count()).toBe(0);
      expect(await db.prisma.save.count()).toBe(0);
    });
  });
});

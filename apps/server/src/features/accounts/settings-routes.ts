import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_DELETED_CLOSE,
  ChangeEmailBody,
  ChangePasswordBody,
  DELETE_WORD,
  DeleteAccountBody,
  SIGNED_OUT_CLOSE,
  type DeviceInfo,
} from '@smoulder/protocol';
import { parseBody, sendError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  deleteOtherSessions,
  deleteSessionOfUser,
  deleteUser,
  EmailTakenError,
  findUserById,
  listSessionsOfUser,
  setEmail,
  setPasswordHash,
} from './repo.ts';
import { toMe, type CurrentSession } from './sessions.ts';

type Limit = { max: number; windowMs: number };

/**
 * Devices (sessions) and account management: change password, change email, delete. Every route
 * acts on the signed-in player only; a device id that is not theirs answers 404. Routes that take
 * the current password are rate-limited per IP like sign-in.
 *
 * There is no mail server: a reset by mail and email verification are out of scope (see README).
 */
const accountSettingsRoutes: FastifyPluginAsync<{ passwordRateLimit: Limit }> = async (app, opts) => {
  const { prisma } = app.db;
  const limited = { config: { rateLimit: { max: opts.passwordRateLimit.max, timeWindow: opts.passwordRateLimit.windowMs } } };

  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<CurrentSession | null> => {
    const current = await app.sessions.current(request);
    if (!current) sendError(reply, 401, 'auth/required', 'sign in or start as a guest first');
    return current;
  };

  /** The account's password hash when `password` is right; otherwise the reply is sent. */
  const checkPassword = async (current: CurrentSession, password: string, reply: FastifyReply): Promise<boolean> => {
    const user = await findUserById(prisma, current.user.id);
    if (!user?.passwordHash) {
      sendError(reply, 403, 'auth/forbidden', 'keep this game with an email and a password first');
      return false;
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      sendError(reply, 403, 'auth/wrong_password', 'that is not your current password');
      return false;
    }
    return true;
  };

  app.get('/api/account/devices', async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const sessions = await listSessionsOfUser(prisma, current.user.id);
    const devices: DeviceInfo[] = sessions.map((session) => ({
      id: session.id,
      device: session.device,
      firstSeen: session.createdAt.toISOString(),
      lastSeen: session.lastSeenAt.toISOString(),
      current: session.id === current.sessionId,
    }));
    return { devices };
  });

  /** Signs one device out; its game sockets close at once with the reason. Signing out this device is signing out. */
  app.post<{ Params: { id: string } }>('/api/account/devices/:id/sign-out', async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const { id } = request.params;
    if (!(await deleteSessionOfUser(prisma, current.user.id, id))) {
      return sendError(reply, 404, 'request/not_found', 'no such device is signed in to your account');
    }
    app.sessions.closeSockets([id], SIGNED_OUT_CLOSE);
    if (id === current.sessionId) app.sessions.clearCookie(reply);
    return { signedOut: 1 };
  });

  app.post('/api/account/devices/sign-out-others', async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const signedOut = await deleteOtherSessions(prisma, current.user.id, current.sessionId);
    app.sessions.closeUserSockets(current.user.id, SIGNED_OUT_CLOSE, current.sessionId);
    return { signedOut };
  });

  app.post('/api/account/password', limited, async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const body = parseBody(ChangePasswordBody, request.body, reply);
    if (!body.ok) return reply;
    if (!(await checkPassword(current, body.value.currentPassword, reply))) return reply;
    await setPasswordHash(prisma, current.user.id, await hashPassword(body.value.newPassword));
    const signedOut = await deleteOtherSessions(prisma, current.user.id, current.sessionId);
    app.sessions.closeUserSockets(current.user.id, SIGNED_OUT_CLOSE, current.sessionId);
    return { signedOut };
  });

  app.post('/api/account/email', limited, async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const body = parseBody(ChangeEmailBody, request.body, reply);
    if (!body.ok) return reply;
    if (!(await checkPassword(current, body.value.currentPassword, reply))) return reply;
    try {
      const user = await setEmail(prisma, current.user.id, body.value.email);
      return { user: toMe({ id: user.id, email: user.email, isAdmin: user.isAdmin }) };
    } catch (err) {
      if (err instanceof EmailTakenError) return sendError(reply, 409, 'auth/email_taken', 'that email cannot be used here');
      throw err;
    }
  });

  /**
   * Deletes the player and everything of theirs. An account confirms with its email and password, a
   * guest with the word "delete". Their game is dropped unwritten, every socket closed, the cookie cleared.
   */
  app.post('/api/account/delete', limited, async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const body = parseBody(DeleteAccountBody, request.body, reply);
    if (!body.ok) return reply;
    const expected = current.user.email ?? DELETE_WORD;
    if (body.value.confirm !== expected) {
      return sendError(
        reply,
        400,
        'auth/confirmation_mismatch',
        current.user.email ? 'type your email to confirm' : `type "${DELETE_WORD}" to confirm`,
      );
    }
    if (current.user.email !== null && !(await checkPassword(current, body.value.currentPassword ?? '', reply))) return reply;
    await app.games.forget(current.user.id);
    app.sessions.closeUserSockets(current.user.id, ACCOUNT_DELETED_CLOSE);
    await deleteUser(prisma, current.user.id);
    app.sessions.clearCookie(reply);
    return reply.code(204).send();
  });
};

export default accountSettingsRoutes;

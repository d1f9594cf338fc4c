import type { FastifyPluginAsync } from 'fastify';
import { CredentialsBody, LoginBody } from '@smoulder/protocol';
import { isUniqueViolation } from '../../db/errors.ts';
import { parseBody, sendError } from '../../http/errors.ts';
import { startNewGame } from '../game/new-game.ts';
import { claimUser, createUser, EmailTakenError, findUserByEmail } from './repo.ts';
import { LoginLimiter } from './login-limiter.ts';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { toMe } from './sessions.ts';

const emailTaken = (err: unknown) => err instanceof EmailTakenError || isUniqueViolation(err);

type Limit = { max: number; windowMs: number };

export interface AccountRoutesOptions {
  /** Sign-in attempts per client IP. */
  loginRateLimit: Limit;
  /** Failed sign-ins per account (email), in this process's memory. */
  loginAccountLimit: Limit;
  /** New guests per client IP. */
  guestRateLimit: Limit;
}

const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, opts) => {
  const { prisma } = app.db;
  const perAccount = new LoginLimiter(opts.loginAccountLimit);

  app.get('/api/me', async (request, reply) => {
    const current = await app.sessions.current(request);
    if (!current) return sendError(reply, 401, 'auth/required', 'no session: start as a guest or sign in');
    return { user: toMe(current.user) };
  });

  /** A guest plays at once; asking again with a live session keeps the same player. */
  app.post(
    '/api/guest',
    { config: { rateLimit: { max: opts.guestRateLimit.max, timeWindow: opts.guestRateLimit.windowMs } } },
    async (request, reply) => {
      const current = await app.sessions.current(request);
      if (current) return { user: toMe(current.user) };
      const user = await createUser(prisma, {});
      await startNewGame(prisma, user.id, app.analytics);
      await app.sessions.start(request, reply, user.id, { guest: true });
      return { user: toMe({ id: user.id, email: null, isAdmin: user.isAdmin }) };
    },
  );

  /** Claims the current guest (its game is kept) or, without one, opens a new account. */
  app.post('/api/register', async (request, reply) => {
    const body = parseBody(CredentialsBody, request.body, reply);
    if (!body.ok) return reply;
    const { email, password } = body.value;
    const current = await app.sessions.current(request);
    const passwordHash = await hashPassword(password);
    try {
      if (current && current.user.email === null) {
        const claimed = await claimUser(prisma, current.user.id, { email, passwordHash });
        if (!claimed) return sendError(reply, 409, 'auth/already_claimed', 'this account already has an email');
        await app.sessions.start(request, reply, current.user.id);
        // The save history starts with the game as it was claimed (never failing the claim itself).
        await app.saveHistory?.take(current.user.id, 'claim').catch((err) => request.log.error({ err }, 'no snapshot on claim'));
        return { user: toMe({ ...current.user, email }) };
      }
      const user = await createUser(prisma, { email, passwordHash });
      await startNewGame(prisma, user.id, app.analytics);
      await app.sessions.start(request, reply, user.id);
      return { user: toMe({ id: user.id, email, isAdmin: user.isAdmin }) };
    } catch (err) {
      if (emailTaken(err)) return sendError(reply, 409, 'auth/email_taken', 'that email cannot be used here');
      throw err;
    }
  });

  app.post(
    '/api/login',
    { config: { rateLimit: { max: opts.loginRateLimit.max, timeWindow: opts.loginRateLimit.windowMs } } },
    async (request, reply) => {
      const body = parseBody(LoginBody, request.body, reply);
      if (!body.ok) return reply;
      const { email } = body.value; // already trimmed and lower-cased by the schema
      const wait = perAccount.retryAfter(email);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        const minutes = Math.ceil(wait / 60_000);
        return sendError(reply, 429, 'request/rate_limited', `too many failed attempts for this account: try again in ${minutes} min`);
      }
      const user = await findUserByEmail(prisma, email);
      const matches = await verifyPassword(body.value.password, user?.passwordHash ?? DECOY_HASH);
      if (!user || !user.passwordHash || !matches) {
        perAccount.failed(email);
        return sendError(reply, 401, 'auth/invalid_credentials', 'that email and password do not match an account');
      }
      perAccount.succeeded(email);
      await app.sessions.start(request, reply, user.id);
      return { user: toMe({ id: user.id, email: user.email, isAdmin: user.isAdmin }) };
    },
  );

  app.post('/api/logout', async (request, reply) => {
    await app.sessions.end(request, reply);
    return reply.code(204).send();
  });
};

export default accountRoutes;

import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '@smoulder/protocol';
import { createSession, deleteSession, findSessionByTokenHash } from './repo.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export const SESSION_COOKIE = 'smoulder_session';

export interface SessionUser {
  id: string;
  email: string | null;
  isAdmin: boolean;
}

export interface Sessions {
  /** The signed-in user behind the request's cookie, or null (unknown, expired or no cookie). */
  current(request: FastifyRequest): Promise<{ user: SessionUser; tokenHash: string } | null>;
  /** Starts a fresh session for `userId`, ending the request's old one (rotation on login and claim). */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export function toMe(user: SessionUser): Me {
  return { id: user.id, email: user.email, guest: user.email === null, admin: user.isAdmin };
}

export default fp<{ ttlMs: number; secure: boolean }>(
  async (app, opts) => {
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };

    const tokenHashOf = (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      return token ? hashToken(token) : null;
    };

    const sessions: Sessions = {
      async current(request) {
        const tokenHash = tokenHashOf(request);
        if (!tokenHash) return null;
        const found = await findSessionByTokenHash(app.db.prisma, tokenHash);
        if (!found) return null;
        const { user } = found;
        return { user: { id: user.id, email: user.email, isAdmin: user.isAdmin }, tokenHash };
      },
      async start(request, reply, userId) {
        const old = tokenHashOf(request);
        if (old) await deleteSession(app.db.prisma, old);
        const token = newSessionToken();
        const expiresAt = new Date(Date.now() + opts.ttlMs);
        await createSession(app.db.prisma, { userId, tokenHash: hashToken(token), expiresAt });
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      },
      async end(request, reply) {
        const old = tokenHashOf(request);
        if (old) await deleteSession(app.db.prisma, old);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
      },
    };
    app.decorate('sessions', sessions);
  },
  { name: 'sessions', fastify: '5.x', dependencies: ['database', '@fastify/cookie'] },
);

import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '@smoulder/protocol';
import type { WebSocket } from 'ws';
import { deviceName } from '../analytics/device.ts';
import { createSession, deleteSession, findRequestSession, touchSession } from './repo.ts';
import { decodeCloseOrder, encodeCloseOrder, type CloseOrder, type SocketCloseBus } from './socket-closes.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export { SESSION_COOKIE };

/** A session's "last seen" is written at most this often (one UPDATE per device per minute at most). */
const TOUCH_EVERY_MS = 60_000;

export interface SessionUser {
  id: string;
  email: string | null;
  isAdmin: boolean;
}

export interface CurrentSession {
  user: SessionUser;
  tokenHash: string;
  /** The session's row id: what the devices page calls a device. */
  sessionId: string;
}

/** How a game socket is closed when its device is signed out or its account deleted. */
export interface SocketClose {
  code: number;
  reason: string;
}

export interface Sessions {
  /** The signed-in user behind the request's cookie, or null (unknown, expired or no cookie). */
  current(request: FastifyRequest): Promise<CurrentSession | null>;
  /**
   * Starts a fresh session for `userId`, ending the request's old one (rotation on login and claim).
   * A guest's session lasts longer (a year by default): their game lives on this device until claimed.
   */
  start(request: FastifyRequest, reply: FastifyReply, userId: string, options?: { guest?: boolean }): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Clears the session cookie without touching the database (the session is already gone). */
  clearCookie(reply: FastifyReply): void;
  /**
   * Closes the open game sockets of these sessions at once, with a code and reason the client shows,
   * on this process and (through the bus, when there is one) on every other. Returns how many this
   * process closed.
   */
  closeSockets(sessionIds: Iterable<string>, close: SocketClose): number;
  /** Closes every open game socket of a user, except those of `exceptSessionId`, on every process. */
  closeUserSockets(userId: string, close: SocketClose, exceptSessionId?: string): number;
  /** Several processes on one database: closes are told to the others over `bus`, and theirs heard. */
  shareClosesOver(bus: SocketCloseBus): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export function toMe(user: SessionUser): Me {
  return { id: user.id, email: user.email, guest: user.email === null, admin: user.isAdmin };
}

export interface SessionsOptions {
  ttlMs: number;
  /** How long a guest's session lasts (they have no other way back to their game). */
  guestTtlMs?: number;
  secure: boolean;
}

export default fp<SessionsOptions>(
  async (app, opts) => {
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };

    const tokenHashOf = (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      return token ? hashToken(token) : null;
    };

    // Which session each game socket belongs to. The socket route asks `current()` before the
    // upgrade, so the raw request already names its session when the socket connects.
    const sessionOfRequest = new WeakMap<IncomingMessage, { sessionId: string; userId: string }>();
    const sockets = new Map<WebSocket, { sessionId: string; userId: string }>();
    const wss = (app as { websocketServer?: import('ws').WebSocketServer }).websocketServer;
    wss?.on('connection', (socket: WebSocket, raw: IncomingMessage) => {
      const owner = sessionOfRequest.get(raw);
      if (!owner) return;
      sockets.set(socket, owner);
      socket.once('close', () => sockets.delete(socket));
    });
    const closeWhere = (match: (owner: { sessionId: string; userId: string }) => boolean, close: SocketClose) => {
      let closed = 0;
      for (const [socket, owner] of sockets) {
        if (!match(owner)) continue;
        sockets.delete(socket);
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
          socket.close(close.code, close.reason);
          closed += 1;
        }
      }
      return closed;
    };

    const closeHere = (order: CloseOrder) => {
      if ('sessions' in order) {
        const ids = new Set(order.sessions);
        return closeWhere((owner) => ids.has(owner.sessionId), order.close);
      }
      return closeWhere((owner) => owner.userId === order.userId && owner.sessionId !== order.exceptSessionId, order.close);
    };
    let bus: SocketCloseBus | null = null;
    const closeEverywhere = (order: CloseOrder) => {
      const closed = closeHere(order);
      if (bus) for (const payload of encodeCloseOrder(order)) bus.publish(payload);
      return closed;
    };

    const sessions: Sessions = {
      async current(request) {
        const tokenHash = tokenHashOf(request);
        if (!tokenHash) return null;
        const found = await findRequestSession(app.db.prisma, tokenHash);
        if (!found) return null;
        const { user } = found;
        const now = Date.now();
        if (now - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
          touchSession(app.db.prisma, tokenHash, { lastSeenAt: new Date(now) }).catch((err) =>
            request.log.warn({ err }, 'could not record when a session was last seen'),
          );
        }
        sessionOfRequest.set(request.raw, { sessionId: found.id, userId: user.id });
        return { user: { id: user.id, email: user.email, isAdmin: user.isAdmin }, tokenHash, sessionId: found.id };
      },
      async start(request, reply, userId, options = {}) {
        const old = tokenHashOf(request);
        if (old) await deleteSession(app.db.prisma, old);
        const token = newSessionToken();
        const ttl = options.guest ? (opts.guestTtlMs ?? opts.ttlMs) : opts.ttlMs;
        const expiresAt = new Date(Date.now() + ttl);
        const device = deviceName(request.headers['user-agent']);
        await createSession(app.db.prisma, { userId, tokenHash: hashToken(token), expiresAt, device });
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      },
      async end(request, reply) {
        const old = tokenHashOf(request);
        if (old) await deleteSession(app.db.prisma, old);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
      },
      clearCookie(reply) {
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
      },
      closeSockets(sessionIds, close) {
        return closeEverywhere({ sessions: [...new Set(sessionIds)], close });
      },
      closeUserSockets(userId, close, exceptSessionId) {
        return closeEverywhere(exceptSessionId === undefined ? { userId, close } : { userId, exceptSessionId, close });
      },
      shareClosesOver(shared) {
        bus = shared;
        shared.subscribe((payload) => {
          const order = decodeCloseOrder(payload);
          if (order) closeHere(order);
          else app.log.warn({ payload: payload.slice(0, 200) }, 'sessions: ignored a socket close from another process');
        });
      },
    };
    app.decorate('sessions', sessions);
  },
  { name: 'sessions', fastify: '5.x', dependencies: ['database', '@fastify/cookie'] },
);

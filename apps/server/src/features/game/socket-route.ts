import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ClientMessage, MAX_CLIENT_FRAME_BYTES, type ServerMessage } from '@smoulder/protocol';
import type { WebSocket } from 'ws';
import { sendError } from '../../http/errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { GameUnavailableError, type GameHosts } from './game-hosts.ts';
import type { Subscriber } from './game-host.ts';

declare module 'fastify' {
  interface FastifyRequest {
    player: SessionUser | null;
  }
}

/** Close codes in the private range; 4401/4403 mirror their HTTP meanings. */
export const CLOSE = { moved: 4000, unavailable: 4503 } as const;

/** A browser page may only open the socket from an origin we serve (cross-site WebSocket hijacking). */
function originAllowed(request: FastifyRequest, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (allowed.length > 0) return allowed.includes(origin);
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

const socketRoute: FastifyPluginAsync<{ hosts: GameHosts; allowedOrigins: string[] }> = async (app, opts) => {
  app.decorateRequest('player', null);

  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!originAllowed(request, opts.allowedOrigins)) {
          return sendError(reply, 403, 'auth/required', 'this origin may not open a game socket');
        }
        const current = await app.sessions.current(request);
        if (!current) return sendError(reply, 401, 'auth/required', 'sign in or start as a guest first');
        request.player = current.user;
      },
    },
    async (socket: WebSocket, request) => {
      const userId = request.player!.id;
      const send = (message: ServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const subscriber: Subscriber = { send, close: (reason) => socket.close(CLOSE.moved, reason) };
      // Frames that arrive while the game loads wait their turn, so arrival order is kept.
      const early: Buffer[] = [];
      let onFrame: (raw: Buffer) => void = (raw) => void early.push(raw);
      socket.on('message', (raw: Buffer) => onFrame(raw));

      let host;
      try {
        host = await opts.hosts.join(userId, subscriber);
      } catch (err) {
        const unavailable = err instanceof GameUnavailableError;
        if (!unavailable) request.log.error({ err, userId }, 'could not load a game');
        send({ type: 'error', code: 'server/unavailable', key: 'error.server.unavailable', message: 'the game could not be loaded' });
        socket.close(CLOSE.unavailable, 'unavailable');
        return;
      }
      socket.on('close', () => void opts.hosts.leave(host, subscriber));

      onFrame = (raw) => {
        if (raw.length > MAX_CLIENT_FRAME_BYTES) {
          return send({ type: 'error', code: 'message/too_large', key: 'error.message.too_large', message: 'frame too large' });
        }
        let data: unknown;
        try {
          data = JSON.parse(raw.toString('utf8'));
        } catch {
          return send({ type: 'error', code: 'message/invalid_json', key: 'error.message.invalid_json', message: 'frame is not JSON' });
        }
        const parsed = ClientMessage.safeParse(data);
        if (!parsed.success) {
          const id = (data as { id?: unknown } | null)?.id;
          const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'frame'}: ${i.message}`).join('; ');
          if (typeof id === 'string' && id.length > 0 && id.length <= 64) {
            return send({ type: 'reject', id, code: 'message/invalid', key: 'error.message.invalid' });
          }
          return send({ type: 'error', code: 'message/invalid', key: 'error.message.invalid', message });
        }
        const msg = parsed.data;
        if (msg.type === 'command') host.command(subscriber, msg.id, msg.command);
        else if (msg.type === 'resync') send(host.snapshot());
        else send({ type: 'pong', t: msg.t, clock: host.clockSync() });
      };
      for (const raw of early.splice(0)) onFrame(raw);
    },
  );
};

export default socketRoute;

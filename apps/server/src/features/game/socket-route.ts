import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerMessage } from '@smoulder/protocol';
import type { WebSocket } from 'ws';
import { sendError } from '../../http/errors.ts';
import { originAllowed } from '../../http/origin.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import type { Analytics } from '../analytics/analytics.ts';
import { parseLocale } from '../analytics/device.ts';
import type { GameMetrics } from '../metrics/metrics.ts';
import { FrameLimiter, type FrameLimits, type FrameVerdict } from './frame-limiter.ts';
import { readFrame } from './frames.ts';
import { GameUnavailableError, ServerClosingError, type GameHosts } from './game-hosts.ts';
import { GameRouter, type GameSession, type SocketEnd } from './relay.ts';

declare module 'fastify' {
  interface FastifyRequest {
    player: SessionUser | null;
  }
}

/**
 * Close codes: the standard 1008 (policy: flooding), 1009 (message too big, sent by ws itself past
 * MAX_CLIENT_MESSAGE_BYTES) and 1012 (service restart), and private-range ones for the game.
 */
export const CLOSE = { policy: 1008, tooLarge: 1009, restart: 1012, moved: 4000, unavailable: 4503 } as const;

export interface SocketRouteOptions {
  hosts: GameHosts;
  /** Where a socket's game runs (this process or, forwarded, another); local only by default. */
  router?: GameRouter;
  allowedOrigins: string[];
  frameLimits: FrameLimits;
  metrics: GameMetrics;
  /** Play sessions and who is online. */
  analytics?: Analytics;
}

const socketRoute: FastifyPluginAsync<SocketRouteOptions> = async (app, opts) => {
  const { metrics } = opts;
  const router = opts.router ?? new GameRouter(opts.hosts, metrics);
  app.decorateRequest('player', null);

  app.get(
    '/ws',
    {
      websocket: true,
      // The upgrade's HTTP response is written by ws, not by Fastify: security headers set on it
      // would never be sent, yet be kept with the socket for its whole life (a tenth of each
      // player's heap objects, by a heap snapshot at 1,000 players).
      helmet: false,
      preValidation: async (request, reply) => {
        // A browser page may only open the socket from an origin we serve (cross-site WebSocket hijacking).
        const origin = request.headers.origin;
        if (!origin || !originAllowed(origin, request, opts.allowedOrigins)) {
          return sendError(reply, 403, 'auth/required', 'this origin may not open a game socket');
        }
        const started = performance.now();
        const current = await app.sessions.current(request);
        metrics.joined('session', (performance.now() - started) / 1000);
        if (!current) return sendError(reply, 401, 'auth/required', 'sign in or start as a guest first');
        request.player = current.user;
      },
    },
    async (socket: WebSocket, request) => {
      const userId = request.player!.id;
      // Frames sent in one go (a patch, its notices, the ack) leave in one write: the TCP socket is
      // corked on the first and uncorked once the current task is done. Under load that halves the
      // system calls, the server's largest cost (measured with bench:load).
      const tcp = (socket as unknown as { _socket?: Socket })._socket;
      let corked = false;
      const sendText = (text: string) => {
        if (socket.readyState !== socket.OPEN) return;
        if (tcp && !corked) {
          corked = true;
          tcp.cork();
          process.nextTick(() => {
            corked = false;
            tcp.uncork();
          });
        }
        socket.send(text);
      };
      const send = (message: ServerMessage) => sendText(JSON.stringify(message));
      const subscriber: SocketEnd = {
        send,
        sendText,
        close: (reason) =>
          reason === 'restarting' ? socket.close(CLOSE.restart, 'server restarting') : socket.close(CLOSE.moved, 'game moved'),
      };
      // Upgraded, the socket needs nothing of the HTTP exchange that opened it, yet the plugin's
      // error listener (a closure over the request and reply) and the response it assigned to the
      // TCP socket would keep that exchange for the socket's whole life: a quarter of each player's
      // heap objects (heap snapshot, bench:load), all of them traced by every full collection.
      // ws itself closes the socket on the errors it emits; the listener below counts them.
      socket.removeAllListeners('error');
      const exchange = (tcp as { _httpMessage?: ServerResponse | null } | undefined)?._httpMessage;
      if (tcp && exchange) exchange.detachSocket(tcp);
      metrics.socketOpened();
      socket.on('close', () => metrics.socketClosed());
      socket.on('error', (err: Error & { code?: string }) => {
        metrics.socketError();
        // ws has already closed the socket with 1009 (or 1002 for a protocol error).
        if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') metrics.socketKicked('too_large');
      });

      // Every frame counts against the socket's rate from the moment it arrives; frames that
      // arrive while the game loads wait their turn (with their verdict), so arrival order is kept.
      const limiter = new FrameLimiter(opts.frameLimits, Date.now());
      const early: Array<[Buffer, FrameVerdict]> = [];
      let onFrame: (raw: Buffer, verdict: FrameVerdict) => void = (raw, verdict) => void early.push([raw, verdict]);
      socket.on('message', (raw: Buffer) => {
        const verdict = limiter.take(Date.now());
        if (verdict !== 'flood') return onFrame(raw, verdict);
        if (socket.readyState !== socket.OPEN) return;
        metrics.socketKicked('flood');
        socket.close(CLOSE.policy, 'too many messages');
      });

      let session: GameSession;
      const joining = performance.now();
      try {
        session = await router.open(userId, subscriber);
        metrics.joined('game', (performance.now() - joining) / 1000);
      } catch (err) {
        if (err instanceof ServerClosingError) return socket.close(CLOSE.restart, 'server restarting');
        const unavailable = err instanceof GameUnavailableError;
        if (!unavailable) request.log.error({ err, userId }, 'could not load a game');
        send({ type: 'error', code: 'server/unavailable', key: 'error.server.unavailable', message: 'the game could not be loaded' });
        socket.close(CLOSE.unavailable, 'unavailable');
        return;
      }
      // A play session per socket; `?lang=xx` (2–8 letters or hyphens) is the client's language.
      const activity = opts.analytics?.socketOpened(userId, {
        userAgent: request.headers['user-agent'],
        locale: parseLocale((request.query as { lang?: unknown } | undefined)?.lang),
      });
      socket.on('close', () => {
        activity?.end();
        session.leave();
      });
      // Closed while the game loaded: its close event has been and gone.
      if (socket.readyState === socket.CLOSED) {
        activity?.end();
        session.leave();
      }

      onFrame = (raw, verdict) => {
        // A closing socket (restart, moved, flood) no longer reaches the game.
        if (socket.readyState !== socket.OPEN) return;
        const frame = readFrame(raw, verdict === 'limited');
        if (!frame.ok) {
          metrics.frameRefused(frame.code);
          return send(frame.reply);
        }
        session.receive(frame.message);
      };
      for (const [raw, verdict] of early.splice(0)) onFrame(raw, verdict);
    },
  );
};

export default socketRoute;

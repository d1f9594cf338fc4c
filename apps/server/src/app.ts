import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { MAX_CLIENT_MESSAGE_BYTES } from '@smoulder/protocol';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { sendError } from './http/errors.ts';
import { readWebBuild } from './http/web-build.ts';
import csrf from './http/origin.ts';
import database from './plugins/database.ts';
import sessions, { SESSION_COOKIE } from './features/accounts/sessions.ts';
import accountRoutes from './features/accounts/routes.ts';
import game from './features/game/index.ts';
import saveHistory from './features/snapshots/index.ts';
import accountSettingsRoutes from './features/accounts/settings-routes.ts';
import type { PlayerOwnership } from './features/game/ownership.ts';
import healthRoutes from './features/health/routes.ts';
import analytics from './features/analytics/index.ts';
import adminRoutes from './features/admin/index.ts';
import metrics from './features/metrics/index.ts';
import { logDestination } from './log-destination.ts';

export interface AppDeps {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  ownership?: PlayerOwnership;
  logger?: FastifyServerOptions['logger'];
  wallNow?: () => number;
}

/** Body size limit for the JSON API: credentials are tiny. */
const BODY_LIMIT = 16 * 1024;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel, stream: logDestination() },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Opening the database may take long: after a crash the embedded PGlite replays its log
    // (5-12 s measured), longer than Fastify's default 10 s for a plugin to start.
    pluginTimeout: 120_000,
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413) return sendError(reply, 413, 'request/too_large', 'the request body is too large');
    if (status === 429) return sendError(reply, 429, 'request/rate_limited', 'too many attempts: wait a minute');
    if (status >= 400 && status < 500) {
      return sendError(reply, status, 'request/invalid', err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'send the request as application/json'
        : err.message || 'the request is not valid');
    }
    request.log.error({ err }, 'request failed');
    return sendError(reply, 500, 'server/error', 'something went wrong on our side');
  });
  // The API speaks JSON only; anything else is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'connect-src': ["'self'", 'ws:', 'wss:'], 'upgrade-insecure-requests': null },
    },
  });
  await app.register(cookie);
  await app.register(csrf, { allowedOrigins: config.allowedOrigins, sessionCookie: SESSION_COOKIE });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `too many attempts: try again in ${Math.ceil(ctx.ttl / 1000)} s`,
    }),
  });
  await app.register(websocket, {
    // ws itself closes a socket with 1009 when a message is larger than this, before reading it.
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    // The game plugin closes game sockets on shutdown, after telling them why (1012).
    preClose: (done) => done(),
    // ws has already closed the socket (1009, 1002) for the errors it raises; only our own
    // failures leave it open, and those close it as a server error.
    errorHandler: (err: Error & { code?: string }, socket, request) => {
      // A client breaking the WebSocket rules (WS_ERR_*) is routine noise; anything else is ours.
      if (err.code?.startsWith('WS_ERR_')) request.log.debug({ err }, 'game socket: client protocol error');
      else request.log.warn({ err }, 'game socket error');
      if (socket.readyState === socket.OPEN) socket.close(1011, 'server error');
    },
  });
  await app.register(metrics, { ...config.metrics, viaFront: config.behindFront });
  await app.register(database, {
    database: deps.database,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await app.register(sessions, { ttlMs: config.sessionTtlMs, guestTtlMs: config.guestSessionTtlMs, secure: config.cookieSecure });
  await app.register(analytics, { wallNow: deps.wallNow });
  await app.register(accountRoutes, {
    loginRateLimit: config.loginRateLimit,
    loginAccountLimit: config.loginAccountLimit,
    guestRateLimit: config.guestRateLimit,
  });
  const serveWeb = fs.existsSync(config.webDist);
  await app.register(game, {
    build: serveWeb ? readWebBuild(config.webDist, app.log) : undefined,
    saveDelayMs: config.saveDelayMs,
    timerSaveDelayMs: config.timerSaveDelayMs,
    unloadGraceMs: config.unloadGraceMs,
    maxGames: config.maxGames,
    allowedOrigins: config.allowedOrigins,
    frameLimits: config.socketFrameLimit,
    ownership: deps.ownership,
    // With PGlite (no DATABASE_URL) there is one process and it owns every player.
    cluster: config.cluster && config.databaseUrl && config.databaseDirectUrl ? { url: config.databaseDirectUrl } : undefined,
    wallNow: deps.wallNow,
  });
  await app.register(saveHistory, { wallNow: deps.wallNow });
  await app.register(accountSettingsRoutes, { passwordRateLimit: config.loginRateLimit });
  await app.register(healthRoutes, { viaFront: config.behindFront });
  await app.register(adminRoutes, { wallNow: deps.wallNow });

  if (serveWeb) await app.register(fastifyStatic, { root: config.webDist, wildcard: false });
  else app.log.warn({ webDist: config.webDist }, 'no web build found: serving the API only (run npm run build)');
  // Client-side routes fall back to the app shell; everything else is a JSON 404.
  app.setNotFoundHandler((request, reply) =>
    serveWeb && request.method === 'GET' && !request.url.startsWith('/api/') && request.headers.accept?.includes('text/html')
      ? reply.sendFile('index.html')
      : sendError(reply, 404, 'request/not_found', 'nothing here'),
  );
  return app;
}

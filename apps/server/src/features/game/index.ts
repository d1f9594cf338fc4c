import fp from 'fastify-plugin';
import type { FrameLimits } from './frame-limiter.ts';
import { GameHosts } from './game-hosts.ts';
import { singleProcessOwnership, type PlayerOwnership } from './ownership.ts';
import socketRoute, { CLOSE } from './socket-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    games: GameHosts;
  }
}

export interface GameOptions {
  saveDelayMs: number;
  unloadGraceMs: number;
  allowedOrigins: string[];
  /** How fast one socket may send frames. */
  frameLimits: FrameLimits;
  ownership?: PlayerOwnership;
  wallNow?: () => number;
}

/** The game hosts and the socket that reaches them; every game is written before the app closes. */
export default fp<GameOptions>(
  async (app, opts) => {
    const hosts = new GameHosts(app.db.prisma, {
      saveDelayMs: opts.saveDelayMs,
      unloadGraceMs: opts.unloadGraceMs,
      log: app.log,
      ownership: opts.ownership ?? singleProcessOwnership,
      wallNow: opts.wallNow,
      milestones: app.analytics,
      onWrite: (report) =>
        report.ok
          ? app.metrics.saved(report.ms / 1000, report.lagMs / 1000)
          : app.metrics.saveFailed(report.conflict ? 'conflict' : 'error'),
      onSaveBatch: (size) => app.metrics.saveBatch(size),
    });
    app.decorate('games', hosts);
    app.metrics.countGames(() => ({ loaded: hosts.loaded, online: hosts.online }));
    // On shutdown (SIGTERM): every game socket hears `notice.server.restarting` and is closed with
    // 1012 before the final writes, so no command lands after them. @fastify/websocket is told (in
    // app.ts) to leave the sockets to us; any socket without a game yet is closed here too.
    app.addHook('preClose', async () => {
      await hosts.closeAll();
      for (const client of app.websocketServer.clients) client.close(CLOSE.restart, 'server restarting');
    });
    await app.register(socketRoute, {
      hosts,
      allowedOrigins: opts.allowedOrigins,
      frameLimits: opts.frameLimits,
      metrics: app.metrics,
      analytics: app.analytics,
    });
  },
  { name: 'game', fastify: '5.x', dependencies: ['database', 'sessions', 'metrics', 'analytics'] },
);

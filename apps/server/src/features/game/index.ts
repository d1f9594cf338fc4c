import fp from 'fastify-plugin';
import { GameHosts } from './game-hosts.ts';
import { singleProcessOwnership, type PlayerOwnership } from './ownership.ts';
import socketRoute from './socket-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    games: GameHosts;
  }
}

export interface GameOptions {
  saveDelayMs: number;
  unloadGraceMs: number;
  allowedOrigins: string[];
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
    });
    app.decorate('games', hosts);
    // preClose runs before the sockets are torn down, so games are written while still intact.
    app.addHook('preClose', async () => {
      await hosts.closeAll();
    });
    await app.register(socketRoute, { hosts, allowedOrigins: opts.allowedOrigins });
  },
  { name: 'game', fastify: '5.x', dependencies: ['database', 'sessions'] },
);

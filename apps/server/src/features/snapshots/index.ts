import fp from 'fastify-plugin';
import saveHistoryRoutes from './routes.ts';
import { SaveHistory } from './save-history.ts';

declare module 'fastify' {
  interface FastifyInstance {
    saveHistory: SaveHistory;
  }
}

export interface SaveHistoryPluginOptions {
  /** How often the loaded games are checked for their 10-minute snapshot (wall time). */
  sweepMs?: number;
  wallNow?: () => number;
}

/** The save history service (`app.saveHistory`), its sweep, and its routes. */
export default fp<SaveHistoryPluginOptions>(
  async (app, opts) => {
    const history = new SaveHistory(app.db.prisma, app.games, { log: app.log, wallNow: opts.wallNow });
    app.decorate('saveHistory', history);
    // Before lift-off and at the ending, told by the game hosts (engine untouched: the host sees the command and both states).
    app.games.keepKeyMomentsWith((userId, moment, state) => history.keyMoment(userId, moment, state));
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      history
        .sweep()
        .catch((err) => app.log.error({ err }, 'the snapshot sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, opts.sweepMs ?? 30_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(saveHistoryRoutes, { wallNow: opts.wallNow });
  },
  { name: 'save-history', fastify: '5.x', dependencies: ['database', 'sessions', 'game'] },
);

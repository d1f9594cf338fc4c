import fp from 'fastify-plugin';
import { Analytics, ROLLUP_REFRESH_MS } from './analytics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: Analytics;
  }
}

export interface AnalyticsPluginOptions {
  wallNow?: () => number;
  /** How often the dashboards' materialized rollups are recomputed; 0 = only on demand. */
  rollupRefreshMs?: number;
}

/**
 * The analytics recorder, shared by the game (milestones, sessions) and the admin API (online now,
 * rollups). Registered after the database, so its onClose (which ends the open play sessions)
 * runs before the database closes.
 */
export default fp<AnalyticsPluginOptions>(
  async (app, opts) => {
    const analytics = new Analytics(app.db.prisma, { log: app.log, wallNow: opts.wallNow });
    app.decorate('analytics', analytics);
    app.addHook('onReady', async () => {
      analytics.startRefreshing(opts.rollupRefreshMs ?? ROLLUP_REFRESH_MS);
    });
    app.addHook('onClose', async () => {
      await analytics.close();
    });
  },
  { name: 'analytics', fastify: '5.x', dependencies: ['database'] },
);

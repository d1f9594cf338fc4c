import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Opens the database (migrating it) unless the caller hands one in, and closes what it opened. */
export default fp<{ database?: Database; databaseUrl?: string; dataDir: string; poolSize?: number }>(
  async (app, opts) => {
    const db = opts.database ?? (await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, poolSize: opts.poolSize }));
    app.decorate('db', db);
    if (!opts.database) app.addHook('onClose', () => db.close());
  },
  { name: 'database', fastify: '5.x' },
);

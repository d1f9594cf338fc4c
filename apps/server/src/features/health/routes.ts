import type { FastifyPluginAsync } from 'fastify';

/** Liveness says the process answers; readiness also proves the database does. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await app.db.prisma.$queryRawUnsafe('SELECT 1');
      return { status: 'ready', database: app.db.kind, games: app.games.loaded };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default healthRoutes;

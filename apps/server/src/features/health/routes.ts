import type { FastifyPluginAsync } from 'fastify';

/** Liveness says the process answers; readiness also proves the database does. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await app.db.prisma.$queryRawUnsafe('SELECT 1');
      // Behind a load balancer with other processes: without its ownership connection this
      // process can neither run nor reach a game, so it takes no new sockets until it is back.
      if (app.gameCluster && !app.gameCluster.up) {
        return reply.code(503).send({ status: 'unavailable', reason: 'cluster connection down' });
      }
      return { status: 'ready', database: app.db.kind, games: app.games.loaded };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default healthRoutes;

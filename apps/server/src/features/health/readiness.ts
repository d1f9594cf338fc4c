import type { Readiness } from '@smoulder/protocol';
import type { FastifyInstance } from 'fastify';

/** Whether this process can take players now: its database answers and, in a cluster, its ownership connection is up. */
export async function readiness(app: FastifyInstance): Promise<Readiness> {
  try {
    await app.db.prisma.$queryRawUnsafe('SELECT 1');
  } catch (err) {
    app.log.warn({ err }, 'database not reachable');
    return { status: 'unavailable', reason: 'database not reachable' };
  }
  // Behind a load balancer with other processes: without its ownership connection this process
  // can neither run nor reach a game, so it takes no new sockets until it is back.
  if (app.gameCluster && !app.gameCluster.up) return { status: 'unavailable', reason: 'cluster connection down' };
  return { status: 'ready', database: app.db.kind, games: app.games.loaded };
}

import type { WorkersReadiness } from '@smoulder/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { readinessFromFront } from '../../cluster/ask-front.ts';
import { readiness } from './readiness.ts';

export interface HealthOptions {
  /** A worker behind the front (WORKERS): `GET /readyz` answers for all workers, as the front does. */
  viaFront?: boolean;
}

/** Liveness says the process answers; readiness also proves the database does. */
const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, opts) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (opts.viaFront) {
      const all = await readinessFromFront().catch((err) => {
        app.log.warn({ err }, 'the front did not answer for the workers’ readiness');
        return { status: 'unavailable', workers: [] } satisfies WorkersReadiness;
      });
      return reply.code(all.status === 'unavailable' ? 503 : 200).send(all);
    }
    const ready = await readiness(app);
    return reply.code(ready.status === 'ready' ? 200 : 503).send(ready);
  });
};

export default healthRoutes;

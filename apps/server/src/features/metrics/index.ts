import fp from 'fastify-plugin';
import { gatherFromFront } from '../../cluster/ask-front.ts';
import { sendError } from '../../http/errors.ts';
import { Metrics } from './metrics.ts';
import { tokenMatches } from './token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface MetricsOptions {
  /** Serve `GET /metrics`; the metrics are collected either way. */
  enabled: boolean;
  /** When set, `GET /metrics` answers only `Authorization: Bearer <token>`. */
  token?: string;
  /** A worker behind the front (WORKERS): `GET /metrics` answers for all workers, as the front gathers them. */
  viaFront?: boolean;
}

/** Prometheus metrics for the whole app, and the route that exposes them. */
export default fp<MetricsOptions>(
  async (app, opts) => {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);
    if (!opts.enabled) return;
    app.get('/metrics', async (request, reply) => {
      if (opts.token !== undefined && !tokenMatches(request.headers.authorization, opts.token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(reply, 401, 'auth/required', 'metrics need the bearer token');
      }
      const { contentType, text } = opts.viaFront
        ? await gatherFromFront()
        : { contentType: metrics.registry.contentType, text: await metrics.registry.metrics() };
      reply.header('content-type', contentType);
      return text;
    });
  },
  { name: 'metrics', fastify: '5.x' },
);

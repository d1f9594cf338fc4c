import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { readiness } from '../features/health/readiness.ts';
import type { FromWorker, ToWorker } from './messages.ts';

/**
 * Serves the connections the front hands over (front.ts) instead of listening itself: each arrives
 * with the request head the front already read, put back in front of what follows. When the front
 * goes away (stopped, or killed without a word), `onOrphaned` runs: the worker saves and stops
 * rather than keep players' games with nobody left to reach them.
 */
export async function serveHandedOver(app: FastifyInstance, onOrphaned: () => void): Promise<void> {
  await app.ready();
  const send = (message: FromWorker) => process.send?.(message);
  process.on('message', (message: ToWorker, socket?: Socket) => {
    if (message.type === 'connection' && socket) {
      app.server.emit('connection', socket);
      socket.unshift(Buffer.from(message.head, 'latin1'));
      socket.resume();
    } else if (message.type === 'metrics') {
      app.metrics.registry.getMetricsAsJSON().then(
        (metrics) => send({ type: 'metrics', id: message.id, metrics }),
        (err) => app.log.error({ err }, 'could not read the metrics'), // the front gives up on this worker's share
      );
    } else if (message.type === 'readiness') {
      void readiness(app).then((answer) => send({ type: 'readiness', id: message.id, readiness: answer }));
    }
  });
  process.once('disconnect', onOrphaned);
  send({ type: 'ready' });
}

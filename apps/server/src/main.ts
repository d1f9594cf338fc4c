import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { limitHeapGrowth } from './heap.ts';
import { logDestination } from './log-destination.ts';

const config = loadConfig();
const isWorker = process.env.SMOULDER_WORKER !== undefined;

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Runs `stop` once, on the first of SIGTERM, SIGINT or a call of the returned function, then exits
 * with its outcome; exits 1 if it takes longer than `forceMs`.
 */
function stopOnSignal(stop: () => Promise<void>, log: Log, forceMs = 15_000) {
  let stopping = false;
  const go = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down: saving every game');
    const force = setTimeout(() => process.exit(1), forceMs);
    stop().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => go(signal));
  return go;
}

if (config.workers > 1 && !isWorker) {
  // Imported here, not above: the front loads none of the app it hands connections to.
  const { startFront } = await import('./cluster/front.ts');
  const log = pino({ level: config.logLevel }, logDestination());
  const front = await startFront({
    script: fileURLToPath(import.meta.url),
    workers: config.workers,
    port: config.port,
    host: config.host,
    metrics: config.metrics,
    log,
  });
  // Longer than a worker's own limit, so that a worker still writing its games is waited for.
  stopOnSignal(() => front.close(), log, 18_000);
  log.info({ workers: front.workerPids(), port: front.address().port }, 'serving through workers');
} else {
  limitHeapGrowth(config.heapGrowingPercent);
  const { buildApp } = await import('./app.ts');
  const app = await buildApp(config);
  const stop = stopOnSignal(() => app.close(), app.log);
  if (isWorker) await (await import('./cluster/worker.ts')).serveHandedOver(app, () => stop('the front is gone'));
  else await app.listen({ port: config.port, host: config.host });
}

import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { limitHeapGrowth } from './heap.ts';

const config = loadConfig();
limitHeapGrowth(config.heapGrowingPercent);
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: saving every game');
    const force = setTimeout(() => process.exit(1), 15_000);
    app.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });

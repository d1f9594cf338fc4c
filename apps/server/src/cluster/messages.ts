import type { Registry } from 'prom-client';

/** One registry's metrics as `getMetricsAsJSON` gives them. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** From the front to a worker over its IPC channel. */
export type ToWorker =
  /** A client connection, handed over with the request head the front read from it. */
  | { type: 'connection'; head: string }
  | { type: 'metrics'; id: number };

/** From a worker to the front. */
export type FromWorker = { type: 'ready' } | { type: 'metrics'; id: number; metrics: MetricsJson };

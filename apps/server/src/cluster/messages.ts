import type { Readiness, WorkersReadiness } from '@smoulder/protocol';
import type { Registry } from 'prom-client';

/** One registry's metrics as `getMetricsAsJSON` gives them. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** The metrics of every worker together, in Prometheus's text format. */
export interface Gathered {
  contentType: string;
  text: string;
}

/** From the front to a worker over its IPC channel. */
export type ToWorker =
  /** A client connection, handed over with the request head the front read from it. */
  | { type: 'connection'; head: string }
  /** The front gathers every worker's metrics. */
  | { type: 'metrics'; id: number }
  /** The front answers `GET /readyz` for all the workers. */
  | { type: 'readiness'; id: number }
  /** The answer to a worker's `gather`. */
  | ({ type: 'gathered'; id: number } & Gathered)
  /** The answer to a worker's `readiness-of-all`. */
  | { type: 'readiness-of-all'; id: number; readiness: WorkersReadiness };

/** From a worker to the front. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'metrics'; id: number; metrics: MetricsJson }
  | { type: 'readiness'; id: number; readiness: Readiness }
  /** `GET /metrics` reached this worker (a connection kept alive from an earlier request): the front answers for all. */
  | { type: 'gather'; id: number }
  /** `GET /readyz` reached this worker the same way: the front answers for all. */
  | { type: 'readiness-of-all'; id: number };

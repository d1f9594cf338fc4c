import { z } from 'zod';

/** `GET /readyz` of one server process: 200 when ready, 503 otherwise. */
export const Readiness = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready'), database: z.enum(['postgres', 'pglite']), games: z.number().int().nonnegative() }),
  z.object({ status: z.literal('unavailable'), reason: z.string().optional() }),
]);
export type Readiness = z.infer<typeof Readiness>;

/**
 * `GET /readyz` of a server run with several workers (WORKERS), answered by its front: each
 * worker's own readiness, and the whole's. `degraded` (some workers ready) still answers 200, since
 * the front sends a missing worker's players to the others; 503 only when none is ready.
 */
export const WorkersReadiness = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  workers: z.array(z.intersection(z.object({ worker: z.number().int().nonnegative() }), Readiness)),
});
export type WorkersReadiness = z.infer<typeof WorkersReadiness>;

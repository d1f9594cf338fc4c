import { z } from 'zod';

/**
 * For the browser: zod compiles object schemas with `new Function` when it may, and finds out by
 * trying once, which a Content-Security-Policy without 'unsafe-eval' (ours) reports as a violation.
 * zod decides when a schema is built, so call this before any schema module is evaluated (it is its
 * own entry point, `@smoulder/protocol/csp`, for that reason); the server keeps the compiled path.
 */
export function validateWithoutEval(): void {
  z.config({ jitless: true });
}

import { Prisma } from '../generated/prisma/client.ts';

const POSTGRES_UNIQUE_VIOLATION = '23505';

/** True when a write failed because a unique constraint already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    return error.code === 'P2002';
  }
  // pglite-prisma-adapter reports Postgres errors as they are (a DriverAdapterError whose cause
  // has kind "postgres"), so Prisma never translates them to P2002.
  const cause = (error as { cause?: { kind?: unknown; code?: unknown } } | null)?.cause;
  return cause?.kind === 'postgres' && cause.code === POSTGRES_UNIQUE_VIOLATION;
}

const POSTGRES_DEADLOCK = '40P01';

/**
 * True when Postgres broke a deadlock by aborting this statement: running it again is safe. (Seen
 * when an account is deleted while its sockets' play sessions are being closed: those statements
 * lock the child rows, then the user's row; the delete locks them the other way round.)
 */
export function isDeadlock(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2034') return true;
  const cause = (error as { cause?: { code?: unknown; originalCode?: unknown } } | null)?.cause;
  if (cause?.code === POSTGRES_DEADLOCK || cause?.originalCode === POSTGRES_DEADLOCK) return true;
  return error instanceof Error && /deadlock detected/i.test(error.message);
}

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

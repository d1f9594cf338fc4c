import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * One database connection that can run plain SQL. Migrations need a single connection, not
 * a pool: the advisory lock and each BEGIN/COMMIT pair belong to one session.
 */
export interface SqlSession {
  /** Runs a script of one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export function pgSession(client: pg.ClientBase): SqlSession {
  return {
    // Without parameters pg uses the simple-query protocol, which accepts several statements.
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <Row>(sql: string, params: unknown[] = []) =>
      (await client.query(sql, params)).rows as Row[],
  };
}

export function pgliteSession(db: PGlite): SqlSession {
  return {
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async <Row>(sql: string, params: unknown[] = []) =>
      (await db.query<Row>(sql, params)).rows,
  };
}

export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(
  new URL('../../../../prisma/migrations', import.meta.url),
);

/**
 * The key `prisma migrate deploy` itself locks, so this migrator and Prisma's CLI also
 * exclude each other.
 */
const MIGRATION_LOCK_KEY = 72707369;

/** Prisma's own bookkeeping table, column for column, so `prisma migrate deploy` accepts it. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"            VARCHAR(64) NOT NULL,
    "finished_at"         TIMESTAMPTZ,
    "migration_name"      VARCHAR(255) NOT NULL,
    "logs"                TEXT,
    "rolled_back_at"      TIMESTAMPTZ,
    "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migrationName: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

interface MigrationRecord {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
}

export interface ApplyMigrationsOptions {
  migrationsDir?: string;
  /** Serialises concurrent migrators; only meaningful on a Postgres server shared by processes. */
  useAdvisoryLock?: boolean;
}

/**
 * Applies every migration folder not yet recorded, in name order, each in its own
 * transaction. Returns the names of the migrations applied by this call.
 */
export async function applyMigrations(
  session: SqlSession,
  options: ApplyMigrationsOptions = {},
): Promise<string[]> {
  const migrations = await readMigrations(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  if (options.useAdvisoryLock) {
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  }
  try {
    await session.exec(CREATE_MIGRATIONS_TABLE);
    const pending = pendingMigrations(migrations, await readRecords(session));
    for (const migration of pending) {
      await applyOne(session, migration);
    }
    return pending.map((migration) => migration.name);
  } finally {
    if (options.useAdvisoryLock) {
      await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  }
}

/** Prisma's layout: one folder per migration holding `migration.sql`; other entries are ignored. */
export async function readMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrations: MigrationFile[] = [];
  for (const name of names) {
    const bytes = await readFile(join(migrationsDir, name, 'migration.sql')).catch((error) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (bytes === null) continue;
    migrations.push({
      name,
      sql: bytes.toString('utf8'),
      // Prisma hashes the file's bytes; hashing anything else would make it see every migration as edited.
      checksum: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  return migrations;
}

async function readRecords(session: SqlSession): Promise<MigrationRecord[]> {
  // Rolled-back attempts are history only: Prisma re-applies those migrations too.
  return session.query<MigrationRecord>(
    `SELECT migration_name, checksum, finished_at
       FROM "_prisma_migrations"
      WHERE rolled_back_at IS NULL
      ORDER BY started_at`,
  );
}

function pendingMigrations(migrations: MigrationFile[], records: MigrationRecord[]): MigrationFile[] {
  const failed = records.find((record) => record.finished_at === null);
  if (failed) {
    throw new MigrationError(
      `Migration ${failed.migration_name} is recorded as started but not finished. ` +
        'Inspect the database, then mark it with `prisma migrate resolve` before starting again.',
      failed.migration_name,
    );
  }
  const appliedChecksums = new Map(records.map((record) => [record.migration_name, record.checksum]));
  return migrations.filter((migration) => {
    const appliedChecksum = appliedChecksums.get(migration.name);
    if (appliedChecksum === undefined) return true;
    if (appliedChecksum !== migration.checksum) {
      throw new MigrationError(
        `Migration ${migration.name} was modified after it was applied ` +
          `(applied checksum ${appliedChecksum}, file checksum ${migration.checksum}). ` +
          'Applied migrations must never change: restore the file and add a new migration instead.',
        migration.name,
      );
    }
    return false;
  });
}

async function applyOne(session: SqlSession, migration: MigrationFile): Promise<void> {
  await session.exec('BEGIN');
  try {
    await session.exec(migration.sql);
    await session.query(
      `INSERT INTO "_prisma_migrations"
         (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => {});
    throw new MigrationError(
      `Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`,
      migration.name,
      { cause: error },
    );
  }
}

import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { type Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { applyMigrations, pgliteSession, pgSession } from './migrate.ts';

export type { PrismaClient };

/** A client or an interactive transaction: what functions that only query need. */
export type DbClient = Prisma.TransactionClient;

export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** Names of the migrations this open applied; empty when the schema was already current. */
  migrationsApplied: readonly string[];
  close(): Promise<void>;
}

/**
 * Plain SQL on the Postgres pool behind a client, for hot paths where Prisma's query compiler costs
 * more than the statement (the game's batched save writes: measured with bench:load). Only a
 * Postgres-backed client opened here has one; a transaction client or PGlite falls back to Prisma.
 */
export type RawQuery = <Row>(sql: string, params: unknown[]) => Promise<Row[]>;

const rawQueries = new WeakMap<object, RawQuery>();

export function rawQueryOf(db: object): RawQuery | undefined {
  return rawQueries.get(db);
}

/**
 * Runs `sql` (parameters `$1`, `$2`, …) on the Postgres pool itself when the client has one, else
 * through Prisma (PGlite, a transaction). For the statements every join and every save runs:
 * measured with bench:load, Prisma's query compiler took about half of the server's time while
 * players were joining. Columns must come back as the same JS types either way: cast counters to
 * int (not bigint) and ids to text.
 */
export function queryRows<Row>(db: DbClient, sql: string, params: unknown[]): Promise<Row[]> {
  const raw = rawQueryOf(db);
  return raw ? raw<Row>(sql, params) : db.$queryRawUnsafe<Row[]>(sql, ...params);
}

export interface OpenDatabaseOptions {
  /** A Postgres server to use; without it an embedded PGlite keeps its files in `dataDir`. */
  databaseUrl?: string;
  /** Folder for PGlite's files, created if missing; `memory://` keeps everything in memory. */
  dataDir: string;
  /** Overrides the repository's prisma/migrations folder. */
  migrationsDir?: string;
  /** Connections the Postgres pool may open (pg's default, 10, when absent). */
  poolSize?: number;
}

/** Opens the database and brings its schema up to date before handing it out. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.migrationsDir, opts.poolSize)
    : openPGlite(opts.dataDir, opts.migrationsDir);
}

async function openPostgres(databaseUrl: string, migrationsDir?: string, poolSize?: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle connection the server drops (restart, failover) is discarded by the pool and replaced
  // on the next query; unhandled, its 'error' event would take the whole process down.
  pool.on('error', () => {});
  let migrationsApplied: string[];
  try {
    migrationsApplied = await migrateOnOneConnection(pool, migrationsDir);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  rawQueries.set(prisma, async <Row>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows as Row[]);
  return {
    prisma,
    kind: 'postgres',
    migrationsApplied,
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function migrateOnOneConnection(pool: pg.Pool, migrationsDir?: string): Promise<string[]> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    // Several server processes may start together against one server: the lock makes them queue.
    return await applyMigrations(pgSession(client), { migrationsDir, useAdvisoryLock: true });
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // A failed connection may still hold the advisory lock or an open transaction: discard it.
    client.release(failure instanceof Error ? failure : undefined);
  }
}

async function openPGlite(dataDir: string, migrationsDir?: string): Promise<Database> {
  if (!dataDir.includes('://')) {
    await mkdir(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir);
  let migrationsApplied: string[];
  try {
    migrationsApplied = await applyMigrations(pgliteSession(pglite), { migrationsDir });
  } catch (error) {
    await pglite.close();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: pgliteAdapter(pglite) });
  return {
    prisma,
    kind: 'pglite',
    migrationsApplied,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

type DriverAdapterFactory = NonNullable<Prisma.PrismaClientOptions['adapter']>;

/**
 * pglite-prisma-adapter 0.6.1 is typed against @prisma/driver-adapter-utils 6.10, whose query
 * argument types differ from 6.19's. It only reads the argument values, so the mismatch is in
 * the types alone; the tests exercise the adapter against this client.
 */
function pgliteAdapter(pglite: PGlite): DriverAdapterFactory {
  return new PrismaPGlite(pglite) as unknown as DriverAdapterFactory;
}

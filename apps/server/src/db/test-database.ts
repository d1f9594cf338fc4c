import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, type OpenDatabaseOptions, openDatabase } from './database.ts';

/** An empty database for a test to open, reopen and break as it likes. */
export interface ScratchDatabase {
  /** Pass to openDatabase, adding a migrationsDir if needed. */
  options: OpenDatabaseOptions;
  /** Deletes the database; close every Database opened on it first. */
  dispose(): Promise<void>;
}

export interface TestBackend {
  name: Database['kind'];
  /** A migrated database of the caller's own; closing it also deletes it. */
  open(): Promise<Database>;
  createScratch(): Promise<ScratchDatabase>;
}

/** PGlite always; a real Postgres as well when DATABASE_URL names a server. */
export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [pgliteBackend];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) backends.push(postgresBackend(serverUrl));
  return backends;
}

const pgliteBackend: TestBackend = {
  name: 'pglite',
  open: () => openDatabase({ dataDir: 'memory://' }),
  async createScratch() {
    // On disk rather than in memory, so that a reopen sees what the previous open wrote.
    const dataDir = await mkdtemp(join(tmpdir(), 'smoulder-pglite-'));
    return {
      options: { dataDir },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgresBackend(serverUrl: string): TestBackend {
  const backend: TestBackend = {
    name: 'postgres',
    async open() {
      const scratch = await backend.createScratch();
      const db = await openDatabase(scratch.options).catch(async (error) => {
        await scratch.dispose();
        throw error;
      });
      return {
        ...db,
        async close() {
          await db.close();
          await scratch.dispose();
        },
      };
    },
    async createScratch() {
      // Each test file gets a database of its own, so files can run in parallel on one server.
      const name = `smoulder_test_${randomBytes(6).toString('hex')}`;
      await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        options: { databaseUrl: url.toString(), dataDir: 'memory://' },
        dispose: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      };
    },
  };
  return backend;
}

async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

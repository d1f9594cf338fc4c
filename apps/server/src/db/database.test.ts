import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openDatabase } from './database.ts';
import { DEFAULT_MIGRATIONS_DIR, MigrationError, readMigrations } from './migrate.ts';
import { type ScratchDatabase, testBackends } from './test-database.ts';

interface MigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
  logs: string | null;
}

// information_schema columns are cast to text: the pg driver adapter cannot read the `name` type.
const migrationRows = (db: Database) =>
  db.prisma.$queryRawUnsafe<MigrationRow[]>(
    'SELECT * FROM "_prisma_migrations" ORDER BY migration_name',
  );

describe('migration files', () => {
  it('follow Prisma layout and are read in name order with sha256 checksums', async () => {
    const migrations = await readMigrations(DEFAULT_MIGRATIONS_DIR);
    expect(migrations.length).toBeGreaterThan(0);
    const names = migrations.map((migration) => migration.name);
    expect(names).toEqual([...names].sort());
    for (const migration of migrations) {
      expect(migration.name).toMatch(/^\d{14}_[a-z0-9_]+$/);
      expect(migration.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
    const lock = await readFile(join(DEFAULT_MIGRATIONS_DIR, 'migration_lock.toml'), 'utf8');
    expect(lock).toContain('provider = "postgresql"');
  });
});

describe.each(testBackends())('openDatabase on $name', (backend) => {
  describe('a fresh database', () => {
    let db: Database;
    beforeAll(async () => {
      db = await backend.open();
    });
    afterAll(() => db?.close());

    it('applies every migration and records it the way Prisma does', async () => {
      const files = await readMigrations(DEFAULT_MIGRATIONS_DIR);
      expect(db.kind).toBe(backend.name);
      expect(db.migrationsApplied).toEqual(files.map((file) => file.name));

      const rows = await migrationRows(db);
      expect(rows.map((row) => [row.migration_name, row.checksum])).toEqual(
        files.map((file) => [file.name, file.checksum]),
      );
      for (const row of rows) {
        expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(row.finished_at).toBeInstanceOf(Date);
        expect(row.rolled_back_at).toBeNull();
        expect(row.applied_steps_count).toBe(1);
      }
    });

    it('creates the tables the Prisma client expects', async () => {
      const user = await db.prisma.user.create({ data: { email: 'ash@example.com' } });
      await db.prisma.save.create({ data: { userId: user.id, state: { room: 'dark' }, stateVersion: 1 } });
      const tables = await db.prisma.$queryRawUnsafe<{ table_name: string }[]>(
        `SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
      );
      expect(tables.map((table) => table.table_name)).toEqual([
        '_prisma_migrations',
        'activity_days',
        'finished_games',
        'game_snapshots',
        'milestone_events',
        'play_sessions',
        'player_devices',
        'player_milestones',
        'saves',
        'server_heartbeats',
        'sessions',
        'users',
      ]);
    });
  });

  describe('reopening', () => {
    let scratch: ScratchDatabase;
    let migrationsDir: string;
    const opened: Database[] = [];
    const closeAll = async () => {
      await Promise.all(opened.splice(0).map((db) => db.close()));
    };
    // Closes the previous handle first: two PGlite instances must never share a data folder.
    const open = async () => {
      await closeAll();
      const db = await openDatabase({ ...scratch.options, migrationsDir });
      opened.push(db);
      return db;
    };

    beforeAll(async () => {
      scratch = await backend.createScratch();
      // A copy, so that a test can edit a migration without touching the repository's.
      migrationsDir = await mkdtemp(join(tmpdir(), 'smoulder-migrations-'));
      await cp(DEFAULT_MIGRATIONS_DIR, migrationsDir, { recursive: true });
    });
    afterEach(closeAll);
    afterAll(async () => {
      await scratch?.dispose();
      await rm(migrationsDir, { recursive: true, force: true });
    });

    it('applies nothing the second time and keeps the data', async () => {
      const first = await open();
      expect(first.migrationsApplied.length).toBeGreaterThan(0);
      const user = await first.prisma.user.create({ data: { email: 'ember@example.com' } });

      const second = await open();
      expect(second.migrationsApplied).toEqual([]);
      expect(await second.prisma.user.findUnique({ where: { id: user.id } })).toMatchObject({
        email: 'ember@example.com',
      });
      expect(await migrationRows(second)).toHaveLength(first.migrationsApplied.length);
    });

    it('refuses to start when an applied migration was edited', async () => {
      await open();
      const [first] = await readMigrations(migrationsDir);
      const file = join(migrationsDir, first.name, 'migration.sql');
      const original = await readFile(file);
      await writeFile(file, `${original.toString('utf8')}\n-- an innocent-looking edit\n`);
      try {
        const failure = await open().catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(MigrationError);
        expect((failure as MigrationError).migrationName).toBe(first.name);
        expect((failure as Error).message).toMatch(/modified after it was applied/);
      } finally {
        await writeFile(file, original);
      }
      expect((await open()).migrationsApplied).toEqual([]);
    });

    it('applies a new migration once, and rolls a failing one back completely', async () => {
      await open();
      const added = join(migrationsDir, '29991231000000_add_motto');
      await mkdir(added);
      await writeFile(join(added, 'migration.sql'), 'ALTER TABLE "users" ADD COLUMN "motto" TEXT;\n');
      expect((await open()).migrationsApplied).toEqual(['29991231000000_add_motto']);

      const broken = join(migrationsDir, '29991231000001_broken');
      await mkdir(broken);
      await writeFile(
        join(broken, 'migration.sql'),
        'ALTER TABLE "users" ADD COLUMN "nickname" TEXT;\nSELECT * FROM "no_such_table";\n',
      );
      const failure = await open().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as MigrationError).migrationName).toBe('29991231000001_broken');
      await rm(broken, { recursive: true });

      const db = await open();
      expect(db.migrationsApplied).toEqual([]);
      const columns = await db.prisma.$queryRawUnsafe<{ column_name: string }[]>(
        `SELECT column_name::text AS column_name FROM information_schema.columns WHERE table_name = 'users'`,
      );
      const names = columns.map((column) => column.column_name);
      expect(names).toContain('motto');
      expect(names).not.toContain('nickname');
      expect((await migrationRows(db)).map((row) => row.migration_name)).not.toContain(
        '29991231000001_broken',
      );
    });

    if (backend.name === 'postgres') {
      it('lets only one of two processes starting together migrate', async () => {
        const other = await backend.createScratch();
        try {
          const both = await Promise.all([
            openDatabase({ ...other.options, migrationsDir }),
            openDatabase({ ...other.options, migrationsDir }),
          ]);
          opened.push(...both);
          const applied = both.map((db) => db.migrationsApplied.length).sort();
          expect(applied[0]).toBe(0);
          expect(applied[1]).toBeGreaterThan(0);
          await closeAll();
        } finally {
          await other.dispose();
        }
      });
    }
  });
});

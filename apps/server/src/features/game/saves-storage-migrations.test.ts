import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newGame, STATE_VERSION } from '@smoulder/engine';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/database.ts';
import { DEFAULT_MIGRATIONS_DIR } from '../../db/migrate.ts';
import { testBackends } from '../../db/test-database.ts';
import { loadSave, writeSaves } from './save-repo.ts';

const MIGRATION = '20261203180000_saves_state_json';

describe.each(testBackends())('how saves are stored, on $name', (backend) => {
  it('leaves half of every page of saves free, so rewriting a save never touches its indexes', async () => {
    const scratch = await backend.createScratch();
    const db = await openDatabase(scratch.options);
    try {
      const [table] = await queryRows<{ options: string[] | null }>(db.prisma, `SELECT reloptions AS options FROM pg_class WHERE relname = $1`, ['saves']);
      expect(table.options).toContain('fillfactor=50');
    } finally {
      await db.close();
      await scratch.dispose();
    }
  });

  it('keeps every save as it was when state became json, then stores new writes as json text', async () => {
    const scratch = await backend.createScratch();
    const dir = await mkdtemp(join(tmpdir(), 'smoulder-migrations-'));
    try {
      for (const entry of await readdir(DEFAULT_MIGRATIONS_DIR)) {
        // The migrations before this one (and the lock file): the database as this migration finds it.
        if (entry < MIGRATION || !/^\d/.test(entry)) await cp(join(DEFAULT_MIGRATIONS_DIR, entry), join(dir, entry), { recursive: true });
      }
      const before = await openDatabase({ ...scratch.options, migrationsDir: dir });
      const userId = '22222222-2222-4222-8222-222222222222';
      const state = { ...newGame(7), note: 'ünïcode — and "quotes"', nested: { list: [1, 2.5, null, true] } };
      await before.prisma.$executeRaw`INSERT INTO users (id, updated_at) VALUES (${userId}::uuid, now())`;
      await before.prisma.$executeRaw`
        INSERT INTO saves (user_id, game_id, state, state_version, updated_at)
        VALUES (${userId}::uuid, gen_random_uuid(), ${JSON.stringify(state)}::jsonb, ${STATE_VERSION}, now())`;
      await before.close();

      // This migration and every later one, as a server upgraded from then would apply them.
      const later = (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((entry) => entry >= MIGRATION && /^\d/.test(entry)).sort();
      for (const entry of later) await cp(join(DEFAULT_MIGRATIONS_DIR, entry), join(dir, entry), { recursive: true });
      const after = await openDatabase({ ...scratch.options, migrationsDir: dir });
      try {
        expect(after.migrationsApplied).toEqual(later);
        const [column] = await queryRows<{ data_type: string }>(
          after.prisma,
          `SELECT data_type FROM information_schema.columns WHERE table_name = 'saves' AND column_name = $1`,
          ['state'],
        );
        expect(column.data_type).toBe('json');
        expect((await loadSave(after.prisma, userId))?.state).toEqual(state);

        const next = { ...state, clock: state.clock + 1000 };
        expect(await writeSaves(after.prisma, [{ userId, state: next, stateVersion: STATE_VERSION, expectedRevision: 0 }])).toEqual([
          { ok: true, revision: 1 },
        ]);
        const reloaded = await loadSave(after.prisma, userId);
        expect(reloaded).toMatchObject({ state: next, revision: 1 });
      } finally {
        await after.close();
      }
    } finally {
      await scratch.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

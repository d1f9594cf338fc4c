import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { DEFAULT_MIGRATIONS_DIR } from '../../db/migrate.ts';
import { testBackends } from '../../db/test-database.ts';

describe.each(testBackends())('the analytics migration on $name', (backend) => {
  it('gives every existing save a game id and backfills its milestones and rollups', async () => {
    const scratch = await backend.createScratch();
    const dir = await mkdtemp(join(tmpdir(), 'smoulder-migrations-'));
    try {
      await cp(join(DEFAULT_MIGRATIONS_DIR, 'migration_lock.toml'), join(dir, 'migration_lock.toml'));
      await cp(join(DEFAULT_MIGRATIONS_DIR, '20261203075755_init'), join(dir, '20261203075755_init'), { recursive: true });
      const before = await openDatabase({ ...scratch.options, migrationsDir: dir });
      const userId = '11111111-1111-4111-8111-111111111111';
      const created = '2026-01-05T10:00:00.000Z';
      const saved = '2026-01-05T10:30:00.000Z';
      await before.prisma.$executeRaw`INSERT INTO users (id, updated_at, created_at) VALUES (${userId}::uuid, now(), ${created}::timestamptz)`;
      const state = { clock: 900_000, milestones: { fire_lit: 12_000.4, builder_arrived: 5_000_000, bogus: 'x' } };
      await before.prisma.$executeRaw`
        INSERT INTO saves (user_id, state, state_version, created_at, updated_at)
        VALUES (${userId}::uuid, ${JSON.stringify(state)}::jsonb, 2, ${created}::timestamptz, ${saved}::timestamptz)`;
      await before.close();

      await cp(join(DEFAULT_MIGRATIONS_DIR, '20261203090000_analytics'), join(dir, '20261203090000_analytics'), { recursive: true });
      const after = await openDatabase({ ...scratch.options, migrationsDir: dir });
      try {
        expect(after.migrationsApplied).toEqual(['20261203090000_analytics']);
        // Only the columns this migration knows (the client is generated for the latest schema).
        const save = await after.prisma.save.findUniqueOrThrow({ where: { userId }, select: { gameId: true } });
        expect(save.gameId).toMatch(/^[0-9a-f-]{36}$/);
        const events = await after.prisma.milestoneEvent.findMany({ where: { userId }, orderBy: { playMs: 'asc' } });
        expect(events.map((e) => [e.milestone, e.gameId, Number(e.playMs), e.at.toISOString()])).toEqual([
          ['new_game', save.gameId, 0, created],
          ['fire_lit', save.gameId, 12_000, '2026-01-05T10:00:12.000Z'],
          // Its play time would put it after the save's last write: dated to that write instead.
          ['builder_arrived', save.gameId, 5_000_000, saved],
        ]);
        expect(await after.prisma.playerMilestone.count({ where: { userId } })).toBe(3);
        const user = await after.prisma.user.findUniqueOrThrow({ where: { id: userId } });
        expect([user.lastMilestone, user.lastSeenAt?.toISOString()]).toEqual(['builder_arrived', saved]);
        expect(await after.prisma.activityDay.count({ where: { userId } })).toBe(1);
      } finally {
        await after.close();
      }
    } finally {
      await scratch.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

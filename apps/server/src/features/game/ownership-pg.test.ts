import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testBackends, type ScratchDatabase } from '../../db/test-database.ts';
import { PgCluster } from './ownership-pg.ts';

const quietLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const postgres = testBackends().filter((b) => b.name === 'postgres');

describe.skipIf(postgres.length === 0)('player locks on Postgres', () => {
  let scratch: ScratchDatabase;
  let a: PgCluster;
  let b: PgCluster;

  beforeAll(async () => {
    scratch = await postgres[0].createScratch();
    const url = scratch.options.databaseUrl!;
    a = new PgCluster({ url, log: quietLog });
    b = new PgCluster({ url, log: quietLog });
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.dispose();
  });

  it('takes a crowd of players asked for at once in a few statements, each exactly once', async () => {
    const players = Array.from({ length: 200 }, () => randomUUID());
    const statements = vi.spyOn(a, 'acquireMany');
    const got = await Promise.all([...players, players[0], players[1]].map((id) => a.acquire(id)));
    expect(got.every(Boolean)).toBe(true);
    expect(a.owned).toBe(200);
    // The first player alone, then everyone who asked meanwhile: not one statement per player.
    expect(statements.mock.calls.length).toBeLessThanOrEqual(3);
    statements.mockRestore();

    // Another process finds them all taken, until one is let go (once is enough: no stacked holds).
    expect(await Promise.all(players.slice(0, 5).map((id) => b.acquire(id)))).toEqual([false, false, false, false, false]);
    await a.release(players[0]);
    expect(await b.acquire(players[0])).toBe(true);
    expect(await b.acquire(players[1])).toBe(false);
    expect(await a.acquire(players[0])).toBe(false);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testBackends } from '../../db/test-database.ts';
import { queryRows } from '../../db/database.ts';
import { claimSave, createSave, loadSave, MAX_REPLAY_MS, readSaveForHost, SaveExistsError, StaleSaveError, writeSave, writeSaves } from './save-repo.ts';

const STATE_VERSION = 3;
const stateAt = (turn: number, writer = 'host') => ({
  version: STATE_VERSION,
  turn,
  writer,
  inventory: [{ item: 'tinder', count: turn }],
  flags: { lit: turn > 0, note: 'ünïcödé "quoted"' },
});

describe.each(testBackends())('save repo on $name', (backend) => {
  let db: Database;
  let userId: string;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db?.close());
  beforeEach(async () => {
    await db.prisma.user.deleteMany();
    userId = (await db.prisma.user.create({ data: {} })).id;
  });

  it('has no save for a new user', async () => {
    expect(await loadSave(db.prisma, userId)).toBeNull();
  });

  it('creates a save at revision 0 and loads the same JSON back', async () => {
    const created = await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
    expect(created).toEqual({ revision: 0, gameId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await loadSave(db.prisma, userId)).toEqual({ state: stateAt(0), revision: 0, gameId: created.gameId });
    const row = await db.prisma.save.findUniqueOrThrow({ where: { userId } });
    expect(row.stateVersion).toBe(STATE_VERSION);
  });

  it('refuses to create a second save for the same user', async () => {
    await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
    await expect(createSave(db.prisma, userId, stateAt(9), STATE_VERSION)).rejects.toBeInstanceOf(
      SaveExistsError,
    );
    expect((await loadSave(db.prisma, userId))?.state).toEqual(stateAt(0));
  });

  it('refuses a save for a user that does not exist', async () => {
    await expect(createSave(db.prisma, randomUUID(), stateAt(0), STATE_VERSION)).rejects.toThrow();
  });

  it('advances the revision by one with each write', async () => {
    await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
    expect(await writeSave(db.prisma, userId, stateAt(1), STATE_VERSION, 0)).toBe(1);
    expect(await writeSave(db.prisma, userId, stateAt(2), STATE_VERSION + 1, 1)).toBe(2);
    expect(await loadSave(db.prisma, userId)).toEqual({ state: stateAt(2), revision: 2, gameId: expect.any(String) });
    const row = await db.prisma.save.findUniqueOrThrow({ where: { userId } });
    expect(row.stateVersion).toBe(STATE_VERSION + 1);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
  });

  it('rejects a write based on an old revision and keeps the newer state', async () => {
    await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
    await writeSave(db.prisma, userId, stateAt(1, 'first'), STATE_VERSION, 0);

    const failure = await writeSave(db.prisma, userId, stateAt(1, 'second'), STATE_VERSION, 0).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StaleSaveError);
    expect(failure).toMatchObject({ userId, expectedRevision: 0, currentRevision: 1 });
    expect(await loadSave(db.prisma, userId)).toEqual({ state: stateAt(1, 'first'), revision: 1, gameId: expect.any(String) });
  });

  it('lets exactly one of two simultaneous writers of the same revision win', async () => {
    await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
    const writers = ['left', 'right'];
    const results = await Promise.allSettled(
      writers.map((writer) => writeSave(db.prisma, userId, stateAt(1, writer), STATE_VERSION, 0)),
    );

    const winners = writers.filter((_, index) => results[index].status === 'fulfilled');
    expect(winners).toHaveLength(1);
    const loser = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(StaleSaveError);
    expect(loser.reason).toMatchObject({ expectedRevision: 0, currentRevision: 1 });
    expect(await loadSave(db.prisma, userId)).toEqual({ state: stateAt(1, winners[0]), revision: 1, gameId: expect.any(String) });
  });

  it('reports a write to a missing save as stale with no current revision', async () => {
    const failure = await writeSave(db.prisma, userId, stateAt(1), STATE_VERSION, 0).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StaleSaveError);
    expect(failure).toMatchObject({ expectedRevision: 0, currentRevision: null });
    expect(await loadSave(db.prisma, userId)).toBeNull();
  });

  describe('a running game’s save, and its replay', () => {
    const processId = randomUUID();
    /** The process was last seen alive `ms` after the save's write. */
    const seenAfterWrite = (ms: number) =>
      queryRows(
        db.prisma,
        `INSERT INTO server_heartbeats (process_id, seen_at)
         SELECT $1::uuid, updated_at + make_interval(secs => $2::float8 / 1000) FROM saves WHERE user_id = $3::uuid
         ON CONFLICT (process_id) DO UPDATE SET seen_at = excluded.seen_at`,
        [processId, ms, userId],
      );
    const writeRunning = async (expected: number, running: { clock: number; rate: number } | null, by: string | null = processId) =>
      writeSaves(db.prisma, [{ userId, state: stateAt(expected + 1), stateVersion: STATE_VERSION, expectedRevision: expected, running }], by);

    it('names the process that ran it, its clock and rate; a stopped game names none', async () => {
      await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
      expect(await writeRunning(0, { clock: 61_500.5, rate: 2 })).toEqual([{ ok: true, revision: 1 }]);
      expect(await db.prisma.save.findUniqueOrThrow({ where: { userId } })).toMatchObject({ runningOn: processId, runningClock: 61_500.5, runningRate: 2 });
      await writeRunning(1, null);
      expect(await db.prisma.save.findUniqueOrThrow({ where: { userId } })).toMatchObject({ runningOn: null, runningClock: null, runningRate: null });
      // Written with no process to name (nobody could replay it), a running game names none either.
      await writeRunning(2, { clock: 1, rate: 1 }, null);
      expect(await db.prisma.save.findUniqueOrThrow({ where: { userId } })).toMatchObject({ runningOn: null });
    });

    it('is run on to the last heartbeat of the process that ran it, at its rate', async () => {
      await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
      await writeRunning(0, { clock: 50_000, rate: 2 });
      // No heartbeat on record (a database restart emptied the table): nothing to replay.
      expect((await readSaveForHost(db.prisma, userId))?.replay).toBeNull();
      await seenAfterWrite(750);
      expect((await readSaveForHost(db.prisma, userId))?.replay).toEqual({ toClock: 51_500, wallMs: 750 });
      // A claim fences the save and says the same.
      const claimed = await claimSave(db.prisma, userId);
      expect(claimed).toMatchObject({ state: stateAt(1), revision: 2, replay: { toClock: 51_500, wallMs: 750 } });
    });

    it('is run on for at most MAX_REPLAY_MS, and not at all from a beat before the write', async () => {
      await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
      await writeRunning(0, { clock: 1_000, rate: 1 });
      await seenAfterWrite(MAX_REPLAY_MS * 4);
      expect((await readSaveForHost(db.prisma, userId))?.replay).toEqual({ toClock: 1_000 + MAX_REPLAY_MS, wallMs: MAX_REPLAY_MS });
      await seenAfterWrite(-200);
      expect((await readSaveForHost(db.prisma, userId))?.replay).toBeNull();
    });

    it('is not run on once written from outside a running game (a restore)', async () => {
      await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
      await writeRunning(0, { clock: 1_000, rate: 1 });
      await seenAfterWrite(500);
      await writeSave(db.prisma, userId, stateAt(7), STATE_VERSION, 1);
      expect(await readSaveForHost(db.prisma, userId)).toMatchObject({ state: stateAt(7), replay: null });
    });
  });

  it('goes away with its user', async () => {
    await createSave(db.prisma, userId, stateAt(0), STATE_VERSION);
    await db.prisma.user.delete({ where: { id: userId } });
    expect(await loadSave(db.prisma, userId)).toBeNull();
  });
});

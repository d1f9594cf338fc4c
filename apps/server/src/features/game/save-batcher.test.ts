import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame } from '@smoulder/engine';
import type { Database } from '../../db/database.ts';
import { testBackends } from '../../db/test-database.ts';
import { createUser } from '../accounts/repo.ts';
import { SaveBatcher } from './save-batcher.ts';
import { createSave, loadSave, StaleSaveError, writeSaves, type SaveWrite, type SaveWriteResult } from './save-repo.ts';

/** A batch writer the test releases by hand; records every batch it was given. */
function manualWriter() {
  const batches: SaveWrite[][] = [];
  const release: Array<(results: SaveWriteResult[]) => void> = [];
  const fail: Array<(err: Error) => void> = [];
  const writeBatch = (writes: SaveWrite[]) =>
    new Promise<SaveWriteResult[]>((resolve, reject) => {
      batches.push(writes);
      release.push(resolve);
      fail.push(reject);
    });
  const okAll = (i: number) => release[i](batches[i].map((w) => ({ ok: true, revision: w.expectedRevision + 1 })));
  return { batches, release, fail, writeBatch, okAll };
}

/** Lets the batcher start what the current turn of the event loop queued. */
const turn = () => new Promise((r) => setImmediate(r));
const batchIds = (batches: SaveWrite[][]) => batches.map((b) => b.map((x) => `${x.userId}@${x.expectedRevision}`));

describe('SaveBatcher', () => {
  it('writes what falls due in one turn together, and gathers what waits for a slot into the next batch', async () => {
    const w = manualWriter();
    const batcher = new SaveBatcher(w.writeBatch, { maxInFlight: 1, maxBatch: 3 });
    const first = ['a', 'b', 'c', 'd'].map((id) => batcher.write(id, { n: 1 }, 1, 0));
    await turn();
    expect(batchIds(w.batches)).toEqual([['a@0', 'b@0', 'c@0']]);
    const later = batcher.write('e', { n: 1 }, 1, 5);
    await turn();
    expect(w.batches).toHaveLength(1); // the only slot is busy
    expect(batcher.waiting).toBe(2);
    w.okAll(0);
    await turn();
    expect(batchIds(w.batches)).toEqual([['a@0', 'b@0', 'c@0'], ['d@0', 'e@5']]);
    w.okAll(1);
    expect(await Promise.all([...first, later])).toEqual([1, 1, 1, 1, 6]);
  });

  it('never puts two writes of one game in a batch', async () => {
    const w = manualWriter();
    const batcher = new SaveBatcher(w.writeBatch, { maxInFlight: 1, maxBatch: 10 });
    void batcher.write('busy', {}, 1, 0);
    await turn();
    const writes = [batcher.write('a', {}, 1, 0), batcher.write('a', {}, 1, 1), batcher.write('b', {}, 1, 0)];
    w.okAll(0);
    await turn();
    expect(batchIds(w.batches).slice(1)).toEqual([['a@0', 'b@0']]);
    w.okAll(1);
    await turn();
    expect(batchIds(w.batches).slice(2)).toEqual([['a@1']]);
    w.okAll(2);
    expect(await Promise.all(writes)).toEqual([1, 2, 1]);
  });

  it('fails a write whose revision moved alone, and a failed statement only its own batch', async () => {
    const w = manualWriter();
    const batcher = new SaveBatcher(w.writeBatch, { maxInFlight: 2, maxBatch: 10 });
    const stale = batcher.write('a', {}, 1, 3);
    const fine = batcher.write('b', {}, 1, 0);
    await turn();
    const other = batcher.write('c', {}, 1, 0);
    await turn();
    expect(batchIds(w.batches)).toEqual([['a@3', 'b@0'], ['c@0']]);
    w.release[0]([{ ok: false, currentRevision: 7 }, { ok: true, revision: 1 }]);
    w.fail[1](new Error('connection lost'));
    const err = await stale.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StaleSaveError);
    expect(err).toMatchObject({ userId: 'a', expectedRevision: 3, currentRevision: 7 });
    expect(await fine).toBe(1);
    await expect(other).rejects.toThrow('connection lost');
    const after = batcher.write('d', {}, 1, 0);
    await turn();
    w.okAll(2);
    expect(await after).toBe(1);
  });
});

describe.each(testBackends())('writeSaves on $name', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  const player = async () => {
    const user = await createUser(db.prisma, {});
    await createSave(db.prisma, user.id, newGame(1), 3);
    return user.id;
  };

  it('writes many games in one statement, each against its own revision', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, player));
    const before = await db.prisma.save.findUnique({ where: { userId: ids[0] }, select: { updatedAt: true } });
    await new Promise((r) => setTimeout(r, 5));
    const results = await writeSaves(
      db.prisma,
      ids.map((userId, i) => ({ userId, state: { ...newGame(1), clock: i * 1000 }, stateVersion: 3, expectedRevision: 0 })),
    );
    expect(results).toEqual(ids.map(() => ({ ok: true, revision: 1 })));
    for (const [i, userId] of ids.entries()) {
      const saved = await loadSave(db.prisma, userId);
      expect(saved).toMatchObject({ revision: 1, state: { clock: i * 1000 } });
    }
    const after = await db.prisma.save.findUnique({ where: { userId: ids[0] }, select: { updatedAt: true } });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
  });

  it('leaves a game whose revision moved untouched and says where it is; an unknown user has none', async () => {
    const [moved, fine] = [await player(), await player()];
    await writeSaves(db.prisma, [{ userId: moved, state: newGame(2), stateVersion: 3, expectedRevision: 0 }]);
    const missing = '00000000-0000-4000-8000-000000000000';
    const results = await writeSaves(db.prisma, [
      { userId: moved, state: newGame(3), stateVersion: 3, expectedRevision: 0 },
      { userId: fine, state: newGame(3), stateVersion: 3, expectedRevision: 0 },
      { userId: missing, state: newGame(3), stateVersion: 3, expectedRevision: 0 },
    ]);
    expect(results).toEqual([
      { ok: false, currentRevision: 1 },
      { ok: true, revision: 1 },
      { ok: false, currentRevision: null },
    ]);
    expect((await loadSave(db.prisma, moved))!.state).toEqual(newGame(2));
  });

  it('goes through the batcher for a whole crowd at once', async () => {
    const ids: string[] = await Promise.all(Array.from({ length: 40 }, player));
    const batches: number[] = [];
    const batcher = new SaveBatcher(
      (writes) => {
        batches.push(writes.length);
        return writeSaves(db.prisma, writes);
      },
      { maxInFlight: 2, maxBatch: 200 },
    );
    const revisions = await Promise.all(ids.map((id) => batcher.write(id, newGame(4), 3, 0)));
    expect(revisions).toEqual(ids.map(() => 1));
    expect(batches).toEqual([40]);
    // Busy slots: what arrives meanwhile waits and goes in as few statements as there are free slots.
    const next = ids.map((id, i) => batcher.write(id, newGame(5), 3, 1).then((r) => [i, r]));
    expect((await Promise.all(next)).every(([, r]) => r === 2)).toBe(true);
    expect(batches.length).toBeLessThanOrEqual(3);
  });
});

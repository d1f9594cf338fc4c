import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../db/test-database.ts';
import { recordMilestones, type MilestoneRecord } from './repo.ts';

const at = (s: number) => new Date(Date.UTC(2026, 11, 3, 12, 0, s));

describe.each(testBackends())('milestones recorded in one statement on $name', (backend) => {
  let db: Awaited<ReturnType<typeof backend.open>>;
  const ann = { id: '33333333-3333-4333-8333-333333333331', game: '44444444-4444-4444-8444-444444444441' };
  const bo = { id: '33333333-3333-4333-8333-333333333332', game: '44444444-4444-4444-8444-444444444442' };
  const reach = (who: typeof ann, milestone: string, playMs: number, second: number): MilestoneRecord => ({
    userId: who.id,
    gameId: who.game,
    milestone,
    playMs,
    at: at(second),
  });

  beforeAll(async () => {
    db = await backend.open();
    for (const who of [ann, bo]) await db.prisma.user.create({ data: { id: who.id } });
  });
  afterAll(() => db.close());

  it('stores each once per game, says which this call stored, and keeps every rollup in step', async () => {
    expect(await recordMilestones(db.prisma, [reach(ann, 'fire_lit', 1000, 1)])).toEqual([true]);
    const answers = await recordMilestones(db.prisma, [
      reach(ann, 'fire_lit', 1500, 2), // stored before
      reach(bo, 'fire_lit', 800, 2),
      reach(ann, 'builder_arrived', 9000, 3),
      reach(bo, 'fire_lit', 900, 3), // the same one twice in a batch: the first counts
      reach(ann, 'first_hut', 12_000, 3), // same time as builder_arrived, later in the batch
    ]);
    expect(answers).toEqual([false, true, true, false, true]);

    // In the order they were given (ids follow it), whatever their names.
    const events = await db.prisma.milestoneEvent.findMany({ orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.userId === ann.id ? 'ann' : 'bo', e.milestone, Number(e.playMs)])).toEqual([
      ['ann', 'fire_lit', 1000],
      ['bo', 'fire_lit', 800],
      ['ann', 'builder_arrived', 9000],
      ['ann', 'first_hut', 12_000],
    ]);
    expect(await db.prisma.playerMilestone.count({ where: { userId: ann.id } })).toBe(3);
    expect(await db.prisma.playerMilestone.count({ where: { userId: bo.id } })).toBe(1);
    const users = await db.prisma.user.findMany({ orderBy: { id: 'asc' }, select: { lastMilestone: true, lastMilestoneAt: true } });
    expect(users.map((u) => [u.lastMilestone, u.lastMilestoneAt?.toISOString()])).toEqual([
      ['first_hut', at(3).toISOString()],
      ['fire_lit', at(2).toISOString()],
    ]);
    expect(await recordMilestones(db.prisma, [])).toEqual([]);
  });
});

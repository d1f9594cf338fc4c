/**
 * A small analytics history, described in full below, whose dashboard numbers repo.test.ts and
 * routes.test.ts work out by hand. It is written through the recorder's own repo functions, so
 * the rollups are the real ones.
 *
 * NOW is Wednesday 2026-03-18 12:00 UTC; 2026-03-02, -09 and -16 are Mondays.
 *
 * | player | kind    | signed up        | language | sessions (device)                                                     |
 * |--------|---------|------------------|----------|-----------------------------------------------------------------------|
 * | A      | account | 03-02 10:00      | en       | 03-02 10:00–10:30 (firefox/linux), 03-09 09:00–09:20 (safari/ios),     |
 * |        |         |                  |          | 03-17 22:00–03-18 01:00 (firefox/linux, past midnight)                 |
 * | B      | guest   | 03-02 15:00      | pl       | 03-02 15:00–15:30, 03-09 10:00–10:10 (chrome/android)                  |
 * | C      | guest   | 03-03 09:00      | en       | 03-03 09:00–09:05 (chrome/windows)                                     |
 * | F      | guest   | 03-04 12:00      | –        | none                                                                   |
 * | D      | account | 03-10 08:00      | de       | 03-10 08:00–08:15, 03-16 12:00–12:30 (edge/windows), 03-18 11:00– open |
 * |        |         |                  |          | (chrome/android)                                                       |
 * | E      | guest   | 03-11 20:00      | –        | none                                                                   |
 *
 * Milestones (play ms): A new_game 0, fire_lit 10 000, builder_arrived 200 000, forest_opened
 * 400 000 (one game); B game 1 new_game 0, fire_lit 30 000, game 2 (03-09) new_game 0, fire_lit
 * 5 000, builder_arrived 100 000; C new_game 0, fire_lit 20 000; D new_game 0, fire_lit 40 000,
 * builder_arrived 300 000; E new_game 0; F none.
 */
import type { Database } from '../../db/database.ts';
import { closePlaySession, openPlaySession, recordMilestone, refreshRollups } from '../analytics/repo.ts';

export const NOW = Date.parse('2026-03-18T12:00:00Z');

const t = (iso: string) => new Date(`2026-${iso}Z`);

export interface Dataset {
  ids: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', string>;
  games: Record<'a1' | 'b1' | 'b2' | 'c1' | 'd1' | 'e1', string>;
  /** recordMilestone's answers to a second recording of a stored milestone. */
  duplicateStored: boolean;
}

export async function loadDataset(db: Database): Promise<Dataset> {
  const { prisma } = db;
  const user = async (email: string | null, createdAt: string) =>
    (await prisma.user.create({ data: { email, createdAt: t(createdAt) } })).id;
  const ids = {
    A: await user('a@x.test', '03-02T10:00:00'),
    B: await user(null, '03-02T15:00:00'),
    C: await user(null, '03-03T09:00:00'),
    F: await user(null, '03-04T12:00:00'),
    D: await user('d@x.test', '03-10T08:00:00'),
    E: await user(null, '03-11T20:00:00'),
  };
  const games = {
    a1: '00000000-0000-4000-8000-0000000000a1',
    b1: '00000000-0000-4000-8000-0000000000b1',
    b2: '00000000-0000-4000-8000-0000000000b2',
    c1: '00000000-0000-4000-8000-0000000000c1',
    d1: '00000000-0000-4000-8000-0000000000d1',
    e1: '00000000-0000-4000-8000-0000000000e1',
  };
  const milestone = (userId: string, gameId: string, name: string, playMs: number, at: string) =>
    recordMilestone(prisma, { userId, gameId, milestone: name, playMs, at: t(at) });

  await milestone(ids.A, games.a1, 'new_game', 0, '03-02T10:00:00');
  await milestone(ids.A, games.a1, 'fire_lit', 10_000, '03-02T10:01:00');
  await milestone(ids.A, games.a1, 'builder_arrived', 200_000, '03-02T10:10:00');
  await milestone(ids.A, games.a1, 'forest_opened', 400_000, '03-02T10:20:00');
  await milestone(ids.B, games.b1, 'new_game', 0, '03-02T15:00:00');
  await milestone(ids.B, games.b1, 'fire_lit', 30_000, '03-02T15:01:00');
  await milestone(ids.B, games.b2, 'new_game', 0, '03-09T10:00:00');
  await milestone(ids.B, games.b2, 'fire_lit', 5_000, '03-09T10:00:10');
  await milestone(ids.B, games.b2, 'builder_arrived', 100_000, '03-09T10:05:00');
  await milestone(ids.C, games.c1, 'new_game', 0, '03-03T09:00:00');
  await milestone(ids.C, games.c1, 'fire_lit', 20_000, '03-03T09:01:00');
  await milestone(ids.D, games.d1, 'new_game', 0, '03-10T08:00:00');
  await milestone(ids.D, games.d1, 'fire_lit', 40_000, '03-10T08:01:00');
  await milestone(ids.D, games.d1, 'builder_arrived', 300_000, '03-10T08:10:00');
  await milestone(ids.E, games.e1, 'new_game', 0, '03-11T20:00:00');
  // The same milestone of the same game again (a replay): not stored twice.
  const duplicateStored = await milestone(ids.A, games.a1, 'fire_lit', 99_999, '03-18T11:00:00');

  const session = async (userId: string, device: string, locale: string | null, start: string, end: string | null) => {
    const id = await openPlaySession(prisma, { userId, device, locale, at: t(start) });
    if (end) await closePlaySession(prisma, id, t(end));
    return id;
  };
  await session(ids.A, 'firefox on linux', 'en', '03-02T10:00:00', '03-02T10:30:00');
  await session(ids.A, 'safari on ios', 'en', '03-09T09:00:00', '03-09T09:20:00');
  await session(ids.A, 'firefox on linux', 'en', '03-17T22:00:00', '03-18T01:00:00');
  await session(ids.B, 'chrome on android', 'pl', '03-02T15:00:00', '03-02T15:30:00');
  await session(ids.B, 'chrome on android', 'pl', '03-09T10:00:00', '03-09T10:10:00');
  await session(ids.C, 'chrome on windows', 'en', '03-03T09:00:00', '03-03T09:05:00');
  await session(ids.D, 'edge on windows', 'de', '03-10T08:00:00', '03-10T08:15:00');
  await session(ids.D, 'edge on windows', 'de', '03-16T12:00:00', '03-16T12:30:00');
  await session(ids.D, 'chrome on android', 'de', '03-18T11:00:00', null);

  await refreshRollups(prisma);
  return { ids, games, duplicateStored };
}

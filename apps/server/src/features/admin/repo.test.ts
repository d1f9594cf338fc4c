import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MILESTONE_IDS } from '@smoulder/engine';
import type { Database } from '../../db/database.ts';
import { testBackends } from '../../db/test-database.ts';
import { createSave } from '../game/save-repo.ts';
import { loadDataset, NOW, type Dataset } from './hand-made-dataset.ts';
import { breakdowns, dateRange, dropOff, funnel, overview, playerDetail, retention, searchPlayers, setAdmin } from './repo.ts';

// Every expected number below is worked out by hand from the table in hand-made-dataset.ts.

describe.each(testBackends())('admin analytics queries on $name', (backend) => {
  let db: Database;
  let data: Dataset;
  beforeAll(async () => {
    db = await backend.open();
    data = await loadDataset(db);
  });
  afterAll(() => db?.close());

  const all = dateRange();

  it('stores a milestone once per game', async () => {
    expect(data.duplicateStored).toBe(false);
    const rows = await db.prisma.milestoneEvent.findMany({ where: { gameId: data.games.a1, milestone: 'fire_lit' } });
    expect(rows.map((r) => Number(r.playMs))).toEqual([10_000]);
    expect(await db.prisma.milestoneEvent.count()).toBe(15);
  });

  describe('funnel', () => {
    it('counts players (not games) per step, with exact percentiles of their first play time', async () => {
      const { steps } = await funnel(db.prisma, all);
      expect(steps.map((s) => s.milestone)).toEqual(['new_game', ...MILESTONE_IDS]);
      // new_game: A B C D E (F never started) — all at 0 ms.
      expect(steps[0]).toEqual({ milestone: 'new_game', players: 5, fromPrevious: 1, fromStart: 1, medianPlayMs: 0, p90PlayMs: 0 });
      // fire_lit: A 10 000, C 20 000, B 30 000 (game 1, the first time), D 40 000.
      // median (20 000 + 30 000) / 2; p90 at rank 0.9·3 = 2.7: 30 000 + 0.7·10 000.
      expect(steps[1]).toEqual({ milestone: 'fire_lit', players: 4, fromPrevious: 4 / 5, fromStart: 4 / 5, medianPlayMs: 25_000, p90PlayMs: 37_000 });
      // builder_arrived: B 100 000 (game 2), A 200 000, D 300 000; p90 at rank 1.8: 200 000 + 0.8·100 000.
      expect(steps[2]).toEqual({ milestone: 'builder_arrived', players: 3, fromPrevious: 3 / 4, fromStart: 3 / 5, medianPlayMs: 200_000, p90PlayMs: 280_000 });
      expect(steps[3]).toEqual({ milestone: 'forest_opened', players: 1, fromPrevious: 1 / 3, fromStart: 1 / 5, medianPlayMs: 400_000, p90PlayMs: 400_000 });
      expect(steps[4]).toEqual({ milestone: 'first_gather', players: 0, fromPrevious: 0, fromStart: 0, medianPlayMs: null, p90PlayMs: null });
      expect(steps.at(-1)).toEqual({ milestone: MILESTONE_IDS.at(-1), players: 0, fromPrevious: 0, fromStart: 0, medianPlayMs: null, p90PlayMs: null });
    });

    it('keeps to the players who signed up in the range', async () => {
      // 03-09 to 03-15: D and E.
      const { steps } = await funnel(db.prisma, dateRange('2026-03-09', '2026-03-15'));
      expect(steps.slice(0, 4).map((s) => [s.milestone, s.players, s.medianPlayMs])).toEqual([
        ['new_game', 2, 0],
        ['fire_lit', 1, 40_000],
        ['builder_arrived', 1, 300_000],
        ['forest_opened', 0, null],
      ]);
      expect(steps[1].fromStart).toBe(1 / 2);
    });
  });

  describe('drop-off', () => {
    it('groups the players idle for 7 days by the last milestone they reached', async () => {
      // Cut-off 03-11 12:00. Gone: B (last seen 03-09, last milestone builder_arrived in game 2),
      // C (03-03, fire_lit), F (never played, signed up 03-04: none). A, D played today; E signed up after.
      expect(await dropOff(db.prisma, all, NOW)).toEqual({
        inactiveSince: '2026-03-11T12:00:00.000Z',
        rows: [
          { milestone: 'fire_lit', players: 1 },
          { milestone: 'builder_arrived', players: 1 },
          { milestone: 'none', players: 1 },
        ],
      });
      // Signed up 03-03 to 03-31: C and F only.
      expect((await dropOff(db.prisma, dateRange('2026-03-03'), NOW)).rows).toEqual([
        { milestone: 'fire_lit', players: 1 },
        { milestone: 'none', players: 1 },
      ]);
    });
  });

  describe('retention', () => {
    it('shows weekly cohorts by weeks since each player signed up', async () => {
      // Cohort of 03-02: A, B, C, F. Active days, by days since signup: A 0, 7, 15, 16; B 0, 7; C 0.
      // Week 0: A B C = 3/4; week 1: A B = 2/4; week 2: A = 1/4 (weeks begun by now: 2, i.e. 3 columns).
      // Cohort of 03-09: D, E. D: 0, 6, 8 days → weeks 0 and 1; 9.5 days since the Monday: 2 columns.
      expect(await retention(db.prisma, all, NOW)).toEqual({
        cohorts: [
          { week: '2026-03-02', size: 4, weeks: [0.75, 0.5, 0.25] },
          { week: '2026-03-09', size: 2, weeks: [0.5, 0.5] },
        ],
      });
      expect(await retention(db.prisma, dateRange('2026-03-09', '2026-03-18'), NOW)).toEqual({
        cohorts: [{ week: '2026-03-09', size: 2, weeks: [0.5, 0.5] }],
      });
    });
  });

  describe('breakdowns', () => {
    it('counts players by language and by number of devices', async () => {
      // en: A C; unknown: E F; de: D; pl: B. Devices: E F none; B C one; A (firefox, safari) and D (edge, chrome) two.
      expect(await breakdowns(db.prisma, all)).toEqual({
        languages: [
          { locale: 'en', players: 2 },
          { locale: 'unknown', players: 2 },
          { locale: 'de', players: 1 },
          { locale: 'pl', players: 1 },
        ],
        devices: [
          { devices: 0, players: 2 },
          { devices: 1, players: 2 },
          { devices: 2, players: 2 },
        ],
      });
      // Signed up 03-02 only: A (en, 2 devices), B (pl, 1).
      expect(await breakdowns(db.prisma, dateRange('2026-03-02', '2026-03-02'))).toEqual({
        languages: [
          { locale: 'en', players: 1 },
          { locale: 'pl', players: 1 },
        ],
        devices: [
          { devices: 1, players: 1 },
          { devices: 2, players: 1 },
        ],
      });
    });
  });

  describe('overview', () => {
    it('counts players, active players and signups per day', async () => {
      const view = await overview(db.prisma, all, NOW, 7);
      expect(view.players).toEqual({ total: 6, guests: 4, accounts: 2 });
      expect(view.onlineNow).toBe(7);
      // Played on 03-18: A (session past midnight), D (open session). 03-12..18: A D. 02-17..03-18: A B C D.
      expect(view.active).toEqual({ daily: 2, weekly: 2, monthly: 4 });
      expect(view.newPlayersPerDay).toHaveLength(17); // 03-02 .. 03-18
      expect(view.newPlayersPerDay.filter((d) => d.players > 0)).toEqual([
        { day: '2026-03-02', players: 2 },
        { day: '2026-03-03', players: 1 },
        { day: '2026-03-04', players: 1 },
        { day: '2026-03-10', players: 1 },
        { day: '2026-03-11', players: 1 },
      ]);
    });

    it('reads active players as of the end of the range', async () => {
      // Up to 03-10: A B C F D signed up (guests B C F). On 03-10: D; 03-04..10: A B D; 02-09..03-10: A B C D.
      const view = await overview(db.prisma, dateRange(null, '2026-03-10'), NOW, 0);
      expect(view.players).toEqual({ total: 5, guests: 3, accounts: 2 });
      expect(view.active).toEqual({ daily: 1, weekly: 3, monthly: 4 });
      expect(view.newPlayersPerDay[0]).toEqual({ day: '2026-03-02', players: 2 });
      expect(view.newPlayersPerDay.at(-1)).toEqual({ day: '2026-03-10', players: 1 });
      const window = await overview(db.prisma, dateRange('2026-03-05', '2026-03-06'), NOW, 0);
      expect(window.players.total).toBe(0);
      expect(window.newPlayersPerDay).toEqual([
        { day: '2026-03-05', players: 0 },
        { day: '2026-03-06', players: 0 },
      ]);
    });
  });

  describe('players', () => {
    it('finds players by exact id or the start of an email, case-insensitively', async () => {
      expect((await searchPlayers(db.prisma, 'A@X', all)).players.map((p) => p.id)).toEqual([data.ids.A]);
      expect((await searchPlayers(db.prisma, data.ids.B, all)).players).toEqual([
        { id: data.ids.B, email: null, createdAt: '2026-03-02T15:00:00.000Z', lastSeenAt: '2026-03-09T10:10:00.000Z', lastMilestone: 'builder_arrived' },
      ]);
      expect((await searchPlayers(db.prisma, '%', all)).players).toEqual([]);
      expect((await searchPlayers(db.prisma, '_@x.test', all)).players).toEqual([]);
      expect((await searchPlayers(db.prisma, 'd@', dateRange('2026-03-01', '2026-03-05'))).players).toEqual([]);
    });

    it('shows a player with their milestones, devices and saved game', async () => {
      const state = { clock: 400_000, milestones: { fire_lit: 10_000, builder_arrived: 200_000, forest_opened: 400_000 } };
      const { gameId } = await createSave(db.prisma, data.ids.A, state, 2);
      const detail = await playerDetail(db.prisma, data.ids.A, all);
      expect(detail?.player).toEqual({
        id: data.ids.A,
        email: 'a@x.test',
        createdAt: '2026-03-02T10:00:00.000Z',
        lastSeenAt: '2026-03-18T01:00:00.000Z',
        lastMilestone: 'forest_opened',
      });
      expect(detail?.milestones).toEqual([
        { milestone: 'new_game', gameId: data.games.a1, playMs: 0, at: '2026-03-02T10:00:00.000Z' },
        { milestone: 'fire_lit', gameId: data.games.a1, playMs: 10_000, at: '2026-03-02T10:01:00.000Z' },
        { milestone: 'builder_arrived', gameId: data.games.a1, playMs: 200_000, at: '2026-03-02T10:10:00.000Z' },
        { milestone: 'forest_opened', gameId: data.games.a1, playMs: 400_000, at: '2026-03-02T10:20:00.000Z' },
      ]);
      expect(detail?.devices).toEqual([
        { device: 'firefox on linux', locale: 'en', firstSeen: '2026-03-02T10:00:00.000Z', lastSeen: '2026-03-18T01:00:00.000Z', sessions: 2 },
        { device: 'safari on ios', locale: 'en', firstSeen: '2026-03-09T09:00:00.000Z', lastSeen: '2026-03-09T09:20:00.000Z', sessions: 1 },
      ]);
      expect(detail?.snapshots).toEqual([{ id: gameId, at: expect.any(String), playMs: 400_000, milestone: 'forest_opened' }]);

      const week2 = await playerDetail(db.prisma, data.ids.A, dateRange('2026-03-09', '2026-03-15'));
      expect(week2?.milestones).toEqual([]);
      expect(week2?.devices.map((d) => d.device)).toEqual(['safari on ios']);
      expect(await playerDetail(db.prisma, '00000000-0000-4000-8000-000000000000', all)).toBeNull();
      expect(await playerDetail(db.prisma, 'not-a-uuid', all)).toBeNull();
    });
  });

  it('grants and revokes the admin role by email', async () => {
    expect(await setAdmin(db.prisma, ' D@X.test ', true)).toEqual({ id: data.ids.D, email: 'd@x.test', changed: true });
    expect(await setAdmin(db.prisma, 'd@x.test', true)).toMatchObject({ changed: false });
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: data.ids.D } })).isAdmin).toBe(true);
    expect(await setAdmin(db.prisma, 'd@x.test', false)).toMatchObject({ changed: true });
    expect(await setAdmin(db.prisma, 'nobody@x.test', true)).toBeNull();
  });
});

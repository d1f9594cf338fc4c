/** GET /api/account/finished-games (issue 5): a won game's score stays on the account, seen by its player alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame, type GameState } from '@smoulder/engine';
import { FinishedGamesResponse } from '@smoulder/protocol';
import { testBackends } from '../../db/test-database.ts';
import { INJECT_ORIGIN, sessionCookie, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordFinishedGame } from '../game/finished-games-repo.ts';
import { createSave, loadSave } from '../game/save-repo.ts';

/** A game won at `playMs` with this ending. */
function won(ending: { score: number; total: number; beacon: boolean }, playMs: number): GameState {
  const state = newGame(5);
  state.clock = playMs + 5_000; // the clock runs on, idle, after the ending
  state.ending = ending;
  state.prestige = { stores: { wood: 10 }, score: ending.total };
  state.milestones = { game_won: playMs };
  return state;
}

describe.each(testBackends())('the finished games of an account on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend.open);
  });
  afterAll(() => t.close());

  const get = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/finished-games', headers: cookie ? { cookie } : {} });

  /** A guest with a save, and the games they won (recorded as a restart records them). */
  const player = async (wins: Array<{ score: number; total: number; beacon: boolean; playMs: number }>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/guest', headers: { origin: INJECT_ORIGIN } });
    const userId = res.json().user.id as string;
    let { gameId } = (await loadSave(t.db.prisma, userId)) ?? (await createSave(t.db.prisma, userId, newGame(1), newGame(1).version));
    for (const { playMs, ...ending } of wins) gameId = await recordFinishedGame(t.db.prisma, userId, gameId, won(ending, playMs));
    return { cookie: sessionCookie(res.headers['set-cookie']), userId };
  };

  it('answers 401 without a session, or with one that is gone', async () => {
    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: { code: 'auth/required' } });
    expect((await get('smoulder_session=not-a-real-token')).statusCode).toBe(401);
  });

  it('lists the caller’s own won games, newest first, and nobody else’s', async () => {
    const me = await player([
      { score: 1130, total: 1530, beacon: true, playMs: 3_600_000 },
      { score: 200, total: 1730, beacon: false, playMs: 5_400_000 },
    ]);
    const other = await player([{ score: 99, total: 99, beacon: false, playMs: 60_000 }]);

    const res = await get(me.cookie);
    expect(res.statusCode).toBe(200);
    const { games } = FinishedGamesResponse.parse(res.json());
    expect(games.map(({ score, total, beacon, playMs }) => ({ score, total, beacon, playMs }))).toEqual([
      { score: 200, total: 1730, beacon: false, playMs: 5_400_000 },
      { score: 1130, total: 1530, beacon: true, playMs: 3_600_000 },
    ]);
    for (const game of games) expect(Date.now() - Date.parse(game.finishedAt)).toBeLessThan(60_000);

    const theirs = FinishedGamesResponse.parse((await get(other.cookie)).json()).games;
    expect(theirs.map((g) => g.score)).toEqual([99]);
    expect(theirs[0].gameId).not.toBe(games[0].gameId);
  });

  it('is an empty list before any game is won', async () => {
    const fresh = await player([]);
    expect((await get(fresh.cookie)).json()).toEqual({ games: [] });
  });
});

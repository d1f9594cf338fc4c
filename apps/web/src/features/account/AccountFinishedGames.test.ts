/** The account's won games on the save history page (issue 5): the request, and the list rendered on node. */
import { describe, expect, it } from 'vitest';
import { newGame } from '@smoulder/engine';
import type { FinishedGameInfo } from '@smoulder/protocol';
import { attr, fakeGame, renderView, tagsWith, textOf } from '../../testing/render.ts';
import AccountFinishedGames from './AccountFinishedGames.vue';
import { createSettingsApi } from './settings-api.ts';
import { useFinishedGames } from './useAccountData.ts';

const GAMES: FinishedGameInfo[] = [
  { gameId: 'g2', score: 20_450, total: 21_580, beacon: true, playMs: 5 * 3600_000 + 7 * 60_000, finishedAt: '2026-12-02T18:30:00.000Z' },
  { gameId: 'g1', score: 1130, total: 1130, beacon: false, playMs: 3600_000, finishedAt: '2026-11-20T09:05:00.000Z' },
];

const render = (games: FinishedGameInfo[] | null, locale: 'en' | 'pl' = 'en') =>
  renderView(AccountFinishedGames, fakeGame(newGame(1)).game, { locale, props: { games } });

describe('the won games on the save history page', () => {
  it('lists each won game: its score, the total, the date, the play time and the beacon', async () => {
    const html = await render(GAMES);
    const rows = tagsWith(html, 'data-finished-game');
    expect(rows.map((tag) => [attr(tag, 'data-finished-game'), attr(tag, 'data-beacon')])).toEqual([
      ['g2', 'true'],
      ['g1', 'false'],
    ]);
    expect(tagsWith(html, 'data-score').map((tag) => attr(tag, 'data-value'))).toEqual(['20450', '1130']);
    expect(tagsWith(html, 'data-total').map((tag) => attr(tag, 'data-value'))).toEqual(['21580', '1130']);
    const text = textOf(html);
    expect(text).toContain('won games');
    expect(text).toContain('score 20,450');
    expect(text).toContain('all told 21,580');
    expect(text).toContain('the beacon answered');
    expect(text).toContain('no beacon');
    expect(text).toContain('5 h 7 min of play');
    expect(text).toContain('Dec 2, 2026');
    expect(text).toContain('Nov 20, 2026');
    // Newest first, as the server sends them.
    expect(text.indexOf('20,450')).toBeLessThan(text.indexOf('1,130'));
  });

  it('speaks polish', async () => {
    const text = textOf(await render(GAMES, 'pl'));
    expect(text).toContain('wygrane gry');
    expect(text).toContain('wynik');
    expect(text).toContain('w sumie');
    expect(text).toContain('latarnia odpowiedziała');
    expect(text).toContain('bez latarni');
    expect(text).toContain('1 h 0 min gry');
    expect(text).not.toMatch(/won games|score|beacon/);
  });

  it('shows nothing until a game has been won (or while the list loads)', async () => {
    for (const games of [[], null]) expect(tagsWith(await render(games), 'data-finished-games')).toEqual([]);
  });

  it('reads the list from the server, checked against the protocol', async () => {
    const calls: string[] = [];
    const api = createSettingsApi(async (url) => {
      calls.push(url);
      return new Response(JSON.stringify({ games: GAMES }), { status: 200 });
    });
    const finished = useFinishedGames(api);
    await finished.load();
    expect(calls).toEqual(['/api/account/finished-games']);
    expect(finished.games.value).toEqual(GAMES);

    const bad = createSettingsApi(async () => new Response(JSON.stringify({ games: [{ ...GAMES[0], score: -1 }] }), { status: 200 }));
    expect(await bad.finishedGames()).toMatchObject({ ok: false, code: 'server/error' });
    const signedOut = useFinishedGames(
      createSettingsApi(async () => new Response(JSON.stringify({ error: { code: 'auth/required', message: 'no' } }), { status: 401 })),
    );
    await signedOut.load();
    expect(signedOut.games.value).toBeNull();
    expect(signedOut.error.value).toBe('error.auth.required');
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { GameState } from '@smoulder/engine';
import { loadSave } from '../../apps/server/src/features/game/save-repo.ts';
import { listFinishedGames } from '../../apps/server/src/features/game/finished-games-repo.ts';
import { chromiumPath, launchBrowser } from './browser.ts';
import { loadGame, newGuest } from './saves.ts';
import { VILLAGE_SAVE_PATH } from './fixtures/village.ts';
import { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * The village save with the starship found and readied: a hull thick enough that no field of
 * asteroids can bring it down, so the flight's end does not depend on the seed the server draws.
 * The first lift-off's warning has been seen.
 */
function atTheShip(): GameState {
  const village: GameState = JSON.parse(fs.readFileSync(VILLAGE_SAVE_PATH, 'utf8'));
  return {
    ...village,
    features: { ...village.features, path: true, ship: true },
    flags: { ...village.flags, ship: true },
    ship: { hull: 400, thrusters: 3, seenWarning: true },
    stores: { ...village.stores, 'alien alloy': 2, compass: 1 },
    location: 'ship',
  };
}

describe.skipIf(!chromiumPath)('the ending in Chromium', () => {
  let server: Server;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });


  it('lifts off, flies the keys of a script through the field, reaches the ending, begins again with the cache waiting', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const { userId } = await newGuest(server, context);

    const page = await loadGame(server, context, userId, atTheShip());
    await page.locator('[data-tab="ship"]').click();
    await expect.poll(() => page.locator('[data-hull]').getAttribute('data-value')).toBe('400');

    // One more plate on the hull, then up.
    await page.locator('[data-action="reinforce_hull"]').click();
    await expect.poll(() => page.locator('[data-hull]').getAttribute('data-value')).toBe('401');
    await page.locator('[data-action="lift_off"]').click();
    await page.locator('[data-view="flight"]').waitFor();

    // The script: a second to the left, a second up and right together, then hands off the keys.
    const script: Array<[key: string, ms: number]> = [
      ['ArrowLeft', 1_000],
      ['ArrowUp', 500],
      ['KeyD', 1_000],
    ];
    for (const [key, ms] of script) {
      await page.keyboard.down(key);
      await page.waitForTimeout(ms);
      await page.keyboard.up(key);
    }
    const altitude = page.locator('[data-flight="altitude"]');
    await expect.poll(async () => Number((await altitude.textContent())?.match(/\d+/)?.[0] ?? 0), { timeout: 10_000 }).toBeGreaterThan(2);

    // Sixty seconds of climbing; the server replays the log from its seed and agrees.
    const ending = page.locator('[data-view="ending"]');
    await ending.waitFor({ timeout: 90_000 });
    const score = Number(await page.locator('[data-score]').getAttribute('data-value'));
    // The hull alone is worth 50 a plate.
    expect(score).toBeGreaterThanOrEqual(401 * 50);
    expect(Number(await page.locator('[data-total]').getAttribute('data-value'))).toBe(score);

    await page.locator('[data-action="ending:begin_again"]').click();
    // A new game: dark and cold again, the finished one kept on the account.
    await page.locator('[data-fire]').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await listFinishedGames(server.db.prisma, userId)).length).toBe(1);
    const finished = (await listFinishedGames(server.db.prisma, userId))[0];
    expect(finished.score).toBe(score);

    // The next game carries the stockpile and the score; once it has a compass, its map holds the cache.
    const saved = async () => (await loadSave(server.db.prisma, userId))?.state as GameState | undefined;
    await expect.poll(async () => (await saved())?.ending === null && (await saved())?.prestige.score === score).toBe(true);
    const next = (await loadSave(server.db.prisma, userId))!.state as GameState;
    expect(next.prestige.stores).not.toBeNull();
    expect(next.stores['alien alloy'] ?? 0).toBe(0);
    const withCompass: GameState = { ...next, stores: { ...next.stores, compass: 1 } };
    const again = await loadGame(server, context, userId, withCompass);
    await again.locator('[data-fire]').waitFor();
    // The compass is noticed at the next thing that happens in the game (the room's warmth is
    // judged every 30 s), and the world is drawn then.
    await again.locator('[data-tab="path"]').waitFor({ timeout: 45_000 });
    await expect
      .poll(async () => ((await loadSave(server.db.prisma, userId))?.state as GameState | undefined)?.world?.tiles.join('').includes('U'), {
        timeout: 15_000,
      })
      .toBe(true);

    await context.close();
  });
});

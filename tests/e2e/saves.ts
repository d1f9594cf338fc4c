import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { STATE_VERSION, type GameState } from '@smoulder/engine';
import { loadSave, writeSave } from '../../apps/server/src/features/game/save-repo.ts';
import type { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

/** A new guest in `context`: its first page, once the room is drawn, and its user id. */
export async function newGuest(server: Server, context: BrowserContext): Promise<{ page: Page; userId: string }> {
  const page = await context.newPage();
  await page.goto(server.url);
  await page.locator('[data-fire]').waitFor();
  const me = await (await page.request.get(`${server.url}/api/me`)).json();
  return { page, userId: me.user.id as string };
}

/**
 * Puts `state` in the player's save: every page of the player's is closed, the server unloads the
 * game (after its 1 s grace) having written it, the save is overwritten at its revision, and a new
 * page loads it.
 */
export async function loadGame(server: Server, context: BrowserContext, userId: string, state: GameState): Promise<Page> {
  for (const open of context.pages()) await open.close();
  await expect.poll(() => server.app.games.peek(userId) === undefined, { timeout: 10_000 }).toBe(true);
  const saved = await loadSave(server.db.prisma, userId);
  await writeSave(server.db.prisma, userId, state, STATE_VERSION, saved!.revision);
  const page = await context.newPage();
  await page.goto(server.url);
  return page;
}

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { migrate, STATE_VERSION, type GameState } from '@smoulder/engine';
import { chromiumPath, launchBrowser } from './browser.ts';
import { loadGame, newGuest } from './saves.ts';
import { NO_EVENT_BEFORE, VILLAGE_SAVE_PATH, villageState } from './fixtures/village.ts';
import { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

/** The village save, read as the JSON file it is. */
const VILLAGE: GameState = JSON.parse(fs.readFileSync(VILLAGE_SAVE_PATH, 'utf8'));

const numberAt = async (page: Page, selector: string, attribute: string) =>
  Number(await page.locator(selector).first().getAttribute(attribute));
const stock = (page: Page, resource: string) => numberAt(page, `[data-store="${resource}"] [data-amount]`, 'data-amount');
const workers = (page: Page, job: string) => numberAt(page, `[data-job="${job}"]`, 'data-workers');

describe('the village save', () => {
  it('is a genuine save at the current version, made by playing the engine', () => {
    expect(VILLAGE.version).toBe(STATE_VERSION);
    expect(migrate(structuredClone(VILLAGE))).toEqual(VILLAGE);
    // Rewrite the JSON with `npx tsx tests/e2e/fixtures/village.ts` when the rules change.
    expect(JSON.parse(JSON.stringify(villageState()))).toEqual(VILLAGE);
    expect(VILLAGE.room).toMatchObject({ builder: 4 });
    expect(VILLAGE.room.fire).toBeGreaterThanOrEqual(3);
    expect(VILLAGE.outside.buildings).toMatchObject({ hut: 3, lodge: 1, trap: 5 });
    expect(VILLAGE.outside.population).toBeLessThan(4 * VILLAGE.outside.buildings.hut);
    expect(VILLAGE.timers.event).toBe(NO_EVENT_BEFORE);
    expect(VILLAGE.event).toBeNull();
  });
});

describe.skipIf(!chromiumPath)('a village in Chromium, on a 360 px phone', () => {
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


  it('loads a village, builds a hut, puts a villager to work, earns, answers an event, speaks Polish', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const { userId } = await newGuest(server, context);
    // Every patch frame the pages of this context receive.
    let patches = 0;
    context.on('page', (opened) =>
      opened.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          if (typeof payload === 'string' && payload.startsWith('{"type":"patch"')) patches += 1;
        }),
      ),
    );

    // The village loads where the save left the player: outside, 8 living in 3 huts.
    let page = await loadGame(server, context, userId, VILLAGE);
    const population = page.locator('[data-population]');
    await expect.poll(() => population.getAttribute('data-count')).toBe('8');
    expect(await population.getAttribute('data-capacity')).toBe('12');
    expect(await workers(page, 'gatherer')).toBe(5);

    // Build a hut in the room: one more stands, its wood is gone, the next costs more.
    await page.locator('[data-tab="room"]').click();
    const hut = page.locator('[data-build="hut"]');
    await expect.poll(() => hut.locator('[data-count]').getAttribute('data-count')).toBe('3');
    await expect.poll(() => hut.textContent()).toContain('cost: 250 wood');
    const woodBefore = await stock(page, 'wood');
    await page.locator('[data-action="build:hut"]').click();
    await expect.poll(() => hut.locator('[data-count]').getAttribute('data-count')).toBe('4');
    expect(await stock(page, 'wood')).toBeLessThan(woodBefore - 200);
    await expect.poll(() => hut.textContent()).toContain('cost: 300 wood');

    // Put a gatherer to hunting: one more hunter, one fewer gatherer, room for 16 now.
    await page.locator('[data-tab="outside"]').click();
    await expect.poll(() => population.getAttribute('data-capacity')).toBe('16');
    expect(await workers(page, 'hunter')).toBe(2);
    await page.locator('[data-action="assign:hunter:+1"]').click();
    await expect.poll(() => workers(page, 'hunter')).toBe(3);
    expect(await workers(page, 'gatherer')).toBe(4);

    // Income arrives: three hunters bring 1.5 fur every 10 s, which the fur row's tooltip says when
    // the keyboard reaches it (Tab from the wood row above).
    const furBefore = await stock(page, 'fur');
    const patchesBefore = patches;
    // (The build and the assignment above each came back as one.)
    expect(patchesBefore).toBeGreaterThanOrEqual(2);
    const furRow = page.locator('[data-store="fur"]');
    await page.locator('[data-store="wood"]').focus();
    await page.keyboard.press('Tab');
    expect(await furRow.evaluate((row) => row === document.activeElement)).toBe(true);
    await expect.poll(() => furRow.locator('[role="tooltip"]').textContent()).toBe('+1.5 per 10 s');
    expect(await furRow.locator('[role="tooltip"]').isVisible()).toBe(true);
    await expect.poll(() => stock(page, 'fur'), { timeout: 12_000, interval: 250 }).toBeGreaterThan(furBefore);
    // The page ran the income itself: the server sends what the timers did with the next command.
    expect(patches).toBe(patchesBefore);

    // Lights off from the settings menu: a disclosure with two switches.
    const lights = page.locator('[data-action="set_option:lightsOff"]');
    expect(await lights.isVisible()).toBe(false);
    await page.locator('[data-action="options:menu"]').click();
    expect(await lights.getAttribute('aria-checked')).toBe('false');
    await lights.click();
    await expect.poll(() => lights.getAttribute('aria-checked')).toBe('true');
    expect(await page.locator('html').getAttribute('class')).toContain('theme-dark');
    await page.keyboard.press('Escape');
    await expect.poll(() => lights.isVisible()).toBe(false);

    // An event: the same village with strange noises at the door.
    page = await loadGame(server, context, userId, { ...VILLAGE, event: { id: 'noises_outside', scene: 'start' } });
    const dialog = page.locator('dialog[data-event="noises_outside"]');
    await dialog.waitFor();
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    await page.locator('[data-action="event:investigate"]').click();
    await expect.poll(() => dialog.getAttribute('data-scene')).toMatch(/^(stuff|nothing)$/);
    await page.locator('[data-action="event:back_inside"]').click();
    await expect.poll(() => page.locator('dialog[data-event]').count()).toBe(0);
    expect(await page.locator('dialog.event').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);

    // In Polish, the things standing outside are counted in all three forms.
    await page.locator('[data-language]').selectOption('pl');
    await expect.poll(() => page.locator('[data-building="trap"]').textContent()).toContain('5 pułapek');
    expect((await page.locator('[data-building="hut"]').textContent())?.trim()).toBe('3 chaty');
    expect((await page.locator('[data-building="lodge"]').textContent())?.trim()).toBe('1 chata myśliwska');
    expect(await page.locator('html').getAttribute('lang')).toBe('pl');

    await context.close();
  });
});

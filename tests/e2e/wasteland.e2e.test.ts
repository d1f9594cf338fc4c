import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { migrate, STATE_VERSION, type Direction, type GameState } from '@smoulder/engine';
import { chromiumPath, launchBrowser } from './browser.ts';
import { loadGame, newGuest } from './saves.ts';
import { FIGHT_WITHIN, FIRST_STEP, HANDED_OVER, RING, WASTELAND_SAVE_PATH, stepsToFight, wastelandState } from './fixtures/wasteland.ts';
import { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

/** The wasteland save, read as the JSON file it is. */
const WASTELAND: GameState = JSON.parse(fs.readFileSync(WASTELAND_SAVE_PATH, 'utf8'));

const numberAt = async (page: Page, selector: string, attribute: string) =>
  Number(await page.locator(selector).first().getAttribute(attribute));
const stock = (page: Page, resource: string) => numberAt(page, `[data-store="${resource}"] [data-amount]`, 'data-amount');
const position = async (page: Page) => ({
  x: await numberAt(page, '[data-world]', 'data-player-x'),
  y: await numberAt(page, '[data-world]', 'data-player-y'),
});

/** The keys a test presses for each direction: arrows and WASD, taken in turn. */
const KEYS: Record<Direction, [string, string]> = {
  north: ['ArrowUp', 'w'],
  south: ['ArrowDown', 's'],
  west: ['ArrowLeft', 'a'],
  east: ['ArrowRight', 'd'],
};

describe('the wasteland save', () => {
  it('is a genuine save at the current version, made by playing the engine', () => {
    expect(WASTELAND.version).toBe(STATE_VERSION);
    expect(migrate(structuredClone(WASTELAND))).toEqual(WASTELAND);
    // Rewrite the JSON with `npx tsx tests/e2e/fixtures/wasteland.ts` when the rules change.
    expect(JSON.parse(JSON.stringify(wastelandState()))).toEqual(WASTELAND);
    expect(WASTELAND).toMatchObject({ location: 'path', features: { path: true }, expedition: null, event: null });
    expect(WASTELAND.stores).toMatchObject(HANDED_OVER);
    expect(WASTELAND.world?.tiles).toHaveLength(61);
    // Walked as the browser walks it, the engine brings a fight soon.
    expect(stepsToFight(WASTELAND)).toBeLessThanOrEqual(FIGHT_WITHIN);
  });
});

describe.skipIf(!chromiumPath)('the wasteland in Chromium, on a 360 px phone', () => {
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


  it('packs, sets out, walks by keys and pad, wins a fight, takes the loot and comes home richer', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const { userId } = await newGuest(server, context);
    const page = await loadGame(server, context, userId, WASTELAND);

    // The path: nothing packed yet, so no setting out.
    await page.locator('[data-view="path"]').waitFor();
    expect(await page.locator('[data-tab="path"]').textContent()).toContain('the path');
    const embark = page.locator('[data-action="embark"]');
    expect(await embark.isDisabled()).toBe(true);
    expect(await page.locator('[data-needs-meat]').isVisible()).toBe(true);

    // Pack the sword and ten rations: the bag (a rucksack, 20) has 7 left.
    const sword = page.locator('[data-outfit="iron sword"]');
    const meat = page.locator('[data-outfit="cured meat"]');
    await sword.locator('[data-action="outfit+1"]').click();
    await expect.poll(() => sword.getAttribute('data-packed')).toBe('1');
    await meat.locator('[data-action="outfit+10"]').click();
    await expect.poll(() => meat.getAttribute('data-packed')).toBe('10');
    expect(await page.locator('[data-bag-free]').getAttribute('data-free')).toBe('7');
    expect(await page.locator('[data-armour]').getAttribute('data-tier')).toBe('steel');
    expect(await page.locator('[data-water-capacity]').getAttribute('data-amount')).toBe('20');
    const furBefore = await stock(page, 'fur');

    // Set out: the map replaces the tabs; the player stands on the village with full supplies.
    await embark.click();
    const world = page.locator('[data-world]');
    await world.waitFor();
    expect(await page.locator('[role="tablist"]').count()).toBe(0);
    expect(await position(page)).toEqual({ x: 30, y: 30 });
    expect(await numberAt(page, '[data-hp]', 'data-value')).toBe(45);
    expect(await numberAt(page, '[data-water]', 'data-value')).toBe(20);
    expect(await numberAt(page, '[data-meat]', 'data-value')).toBe(10);
    expect(await page.locator('[data-map] .cell-player').textContent()).toBe('@');
    // The whole window fits the phone's width.
    const box = await page.locator('[data-map]').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);

    // Walk: out east, then round the square beside the village, by keys and the pad in turn,
    // until something comes out of the trees.
    const dialog = page.locator('dialog[data-event]');
    let steps = 0;
    while ((await page.locator('[data-fight]').count()) === 0) {
      // The engine brings it on the same step as `stepsToFight`; this only guards the loop.
      expect(steps, 'a fight should have come by now').toBeLessThan(16);
      const dir = steps === 0 ? FIRST_STEP : RING[(steps - 1) % RING.length];
      const before = await position(page);
      if (steps % 3 === 2) await page.locator(`[data-move="${dir}"]`).click();
      else await page.keyboard.press(KEYS[dir][steps % 3]);
      steps++;
      await expect
        .poll(async () => (await page.locator('[data-fight]').count()) > 0 || JSON.stringify(await position(page)) !== JSON.stringify(before))
        .toBe(true);
    }
    expect(steps).toBe(stepsToFight(WASTELAND));
    expect(await numberAt(page, '[data-meat]', 'data-value')).toBeLessThan(10);
    expect(await page.locator('[data-surroundings]').textContent()).toContain('the village');

    // The fight, in the event dialog: keys no longer walk while it is open.
    await dialog.waitFor();
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    const fight = page.locator('[data-fight]');
    const where = await position(page);
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator('[data-fighter="player"] .glyph').textContent()).toBe('@');
    const enemyHp = await numberAt(page, '[data-enemy-hp]', 'data-enemy-hp');
    expect(enemyHp).toBeGreaterThan(0);
    const attack = page.locator('[data-attack="iron sword"] button');
    while ((await fight.getAttribute('data-won')) !== 'true') {
      if (await attack.isEnabled().catch(() => false)) await attack.click({ timeout: 1000 }).catch(() => {});
      await page.waitForTimeout(150);
    }
    expect(await position(page)).toEqual(where);
    expect(await numberAt(page, '[data-enemy-hp]', 'data-enemy-hp')).toBe(0);
    expect((await page.locator('[data-fight-line]').textContent())?.trim()).not.toBe('');

    // The loot: one fur, then everything; then move on (taking everything leaves by itself once
    // the scene's one-second pause is over).
    const fur = page.locator('[data-loot="fur"]');
    await fur.waitFor();
    const lying = Number(await fur.getAttribute('data-count'));
    await fur.locator('[data-action="take"]').click();
    await expect.poll(() => numberAt(page, '[data-bag-item="fur"]', 'data-count')).toBe(1);
    if (lying > 1) await expect.poll(() => fur.getAttribute('data-count')).toBe(String(lying - 1));
    await page.locator('[data-action="take_everything"]').click();
    await expect.poll(() => page.locator('[data-loot]').count()).toBe(0);
    if ((await page.locator('dialog[data-event]').count()) > 0) {
      const leave = page.locator('[data-action="event:leave"]');
      expect((await leave.textContent())?.trim()).toBe('move on');
      await expect.poll(() => leave.isEnabled()).toBe(true);
      await leave.click();
    }
    await expect.poll(() => page.locator('dialog[data-event]').count()).toBe(0);
    expect(await numberAt(page, '[data-bag-item="fur"]', 'data-count')).toBe(lying);

    // Home: down to the village's row, then west, by the pad.
    for (let guard = 0; (await page.locator('[data-world]').count()) > 0; guard++) {
      expect(guard).toBeLessThan(6);
      const { x, y } = await position(page);
      const dir: Direction = y < 30 ? 'south' : y > 30 ? 'north' : x > 30 ? 'west' : 'east';
      await page.locator(`[data-move="${dir}"]`).click();
      await expect.poll(async () => (await page.locator('[data-world]').count()) === 0 || JSON.stringify(await position(page)) !== JSON.stringify({ x, y })).toBe(true);
    }

    // Back on the path, with the fur unpacked into the stores and the loadout remembered.
    await page.locator('[data-view="path"]').waitFor();
    await expect.poll(() => stock(page, 'fur')).toBe(furBefore + lying);
    expect(await page.locator('[data-outfit="iron sword"]').getAttribute('data-packed')).toBe('1');

    // In Polish the way out reads so too.
    await page.locator('[data-language]').selectOption('pl');
    await expect.poll(() => page.locator('[data-tab="path"]').textContent()).toContain('ścieżka');
    expect((await embark.textContent())?.trim()).toBe('wyrusz');

    await context.close();
  });
});

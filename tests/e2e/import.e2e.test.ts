import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchBrowser } from './browser.ts';
import { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * A village of the original 2013 game, written by hand from the spec's save format (core/01 §4.1,
 * core/09 §3) and base64'd as the original exports it: 18 villagers in 5 huts, iron mine, a map.
 */
const VILLAGE_CODE = fs.readFileSync(new URL('../../packages/engine/src/import/fixtures/village.code.txt', import.meta.url), 'utf8').trim();

const numberAt = async (page: Page, selector: string, attribute: string) =>
  Number(await page.locator(selector).first().getAttribute(attribute));
const stock = (page: Page, resource: string) => numberAt(page, `[data-store="${resource}"] [data-amount]`, 'data-amount');
const workers = (page: Page, job: string) => numberAt(page, `[data-job="${job}"]`, 'data-workers');

describe.skipIf(!chromiumPath)("importing the original game's save code in Chromium", () => {
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

  it('pastes a save code, sees what was not carried, then plays the village it held', async () => {
    const email = `import-${Date.now()}@example.com`;
    const page = await (await browser.newContext()).newPage();
    await page.goto(server.url);
    await page.locator('[data-fire]').waitFor({ timeout: 60_000 });
    await page.locator('[data-action="guest_notice:dismiss"]').click();
    await page.locator('[data-action="account:claim"]').click();
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).fill('a long enough password');
    await page.locator('form [type="submit"]').click();
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);

    // A code that is not one: a clear error, nothing replaced.
    await page.goto(`${server.url}/#account/history`);
    const code = page.locator('[data-original-code]');
    await code.fill('this is not a save code!');
    await page.locator('[data-action="history:import-original"]').click();
    await expect.poll(() => page.locator('[data-history-error]').innerText()).toMatch(/not a save code/);
    expect(await page.locator('[data-reason="before_import"]').count()).toBe(0);

    // The real code: the game is replaced (the old one kept first) and the list says what stayed behind.
    await code.fill(VILLAGE_CODE);
    await page.locator('[data-action="history:import-original"]').click();
    await expect.poll(() => page.locator('[data-history-status]').innerText(), { timeout: 10_000 }).toMatch(/old game is burning here now/);
    const notCarried = page.locator('[data-not-carried] li');
    await expect.poll(() => notCarried.count()).toBe(3);
    expect(await page.locator('[data-not-carried-key="timers"]').innerText()).toMatch(/the clock/);
    expect(await page.locator('[data-not-carried-key="wait"]').innerText()).toMatch(/an outcome still on its way/);
    await expect.poll(() => page.locator('[data-reason="before_import"]').count()).toBe(1);
    expect(await code.inputValue()).toBe('');

    // Back at the fire: the original's village, stores and workers.
    await page.locator('[data-action="account:back"]').click();
    await page.locator('[data-tab="outside"]').click();
    const population = page.locator('[data-population]');
    await expect.poll(() => population.getAttribute('data-count'), { timeout: 10_000 }).toBe('18');
    expect(await population.getAttribute('data-capacity')).toBe('20');
    expect(await workers(page, 'hunter')).toBe(4);
    expect(await workers(page, 'iron miner')).toBe(2);
    expect(await stock(page, 'fur')).toBeGreaterThanOrEqual(1510);
    expect(await stock(page, 'iron')).toBeGreaterThanOrEqual(230);
  });
});

/**
 * A tab left open across an update: the server names its web build in every snapshot
 * (apps/web/vite.config.ts writes `build.json`), and a page running another build reloads once,
 * then, if it is still the old page, asks the player to reload instead of looping.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchBrowser } from './browser.ts';
import { startServer, webDist } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

/** Counts the page's loads of the app (the first one and every reload). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

describe.skipIf(!chromiumPath)('a tab running another build than the server', () => {
  let browser: Browser;
  let current: Server;
  let newer: Server;
  let newerDist: string;

  beforeAll(async () => {
    expect(JSON.parse(fs.readFileSync(path.join(webDist, 'build.json'), 'utf8')).id).toMatch(/^[0-9a-f]{16}$/);
    // The same client, served by a server that says it ships another build: an old tab's view of an update.
    newerDist = fs.mkdtempSync(path.join(os.tmpdir(), 'smoulder-newer-'));
    fs.cpSync(webDist, newerDist, { recursive: true });
    fs.writeFileSync(path.join(newerDist, 'build.json'), JSON.stringify({ id: 'a-newer-build' }));
    current = await startServer();
    newer = await startServer({ dist: newerDist });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await current?.close();
    await newer?.close();
    if (newerDist) fs.rmSync(newerDist, { recursive: true, force: true });
  });

  it('plays on without reloading when the builds agree', async () => {
    const page = await (await browser.newContext()).newPage();
    const loads = countLoads(page);
    await page.goto(current.url);
    await page.locator('[data-action="light_fire"]').waitFor();
    await page.waitForTimeout(1_000);
    expect(loads()).toBe(1);
    expect(await page.locator('[data-outdated]').count()).toBe(0);
  });

  it('reloads once for the newer build, then asks the player to reload', async () => {
    const page = await (await browser.newContext()).newPage();
    const loads = countLoads(page);
    await page.goto(newer.url);
    const notice = page.locator('[data-outdated]');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.getAttribute('role')).toBe('alert');
    await page.waitForTimeout(1_000);
    expect(loads()).toBe(2);
    // The game is still there to play while the notice shows.
    await page.locator('[data-action="light_fire"]').click();
    await expect.poll(() => page.locator('[data-fire]').getAttribute('data-fire')).toBe('burning');
  });
});

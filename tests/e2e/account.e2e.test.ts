import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchBrowser } from './browser.ts';
import { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

const fireOf = (page: Page) => page.locator('[data-fire]').getAttribute('data-fire');

/**
 * Two devices of one account: the first signs the second out (which is told so), then restores a
 * snapshot of its history and both devices switch to it at once.
 */
describe.skipIf(!chromiumPath)('devices and save history in Chromium', () => {
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

  const signIn = async (page: Page, email: string, password: string) => {
    await page.locator('[data-action="account:sign_in"], [data-action="account:show_sign_in"]').first().click();
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).fill(password);
    await page.locator('form [type="submit"]').click();
  };

  it('signs the other device out, which says why; restores a snapshot and both devices switch', async () => {
    const email = `devices-${Date.now()}@example.com`;
    const password = 'a long enough password';

    // Device one: a guest is told, once, that the game lives in this browser; then keeps it.
    const one = await (await browser.newContext()).newPage();
    await one.goto(server.url);
    await one.locator('[data-guest-notice]').waitFor();
    await one.locator('[data-action="guest_notice:dismiss"]').click();
    const dark = await fireOf(one);
    await one.locator('[data-action="account:claim"]').click();
    await one.getByLabel(/email/i).fill(email);
    await one.getByLabel(/password/i).fill(password);
    await one.locator('form [type="submit"]').click();
    await expect.poll(() => one.getByText(email).count()).toBeGreaterThan(0);

    // Device two signs in to the same game.
    const two = await (await browser.newContext()).newPage();
    await two.goto(server.url);
    await two.locator('[data-fire]').waitFor({ timeout: 60_000 });
    await signIn(two, email, password);
    await expect.poll(() => two.locator('[data-action="account:menu"]').count(), { timeout: 10_000 }).toBe(1);

    // Device one lists both devices and signs out the other: device two is told so at once.
    await one.goto(`${server.url}/#account/devices`);
    await expect.poll(() => one.locator('[data-device]').count()).toBe(2);
    await expect.poll(() => one.locator('[data-this-device]').count()).toBe(1);
    await one.locator('[data-action="devices:sign_out_others"]').click();
    await expect.poll(() => two.locator('[data-farewell="signed_out_elsewhere"]').count(), { timeout: 10_000 }).toBe(1);
    expect(await two.locator('[data-farewell]').innerText()).toMatch(/signed out from another device/);
    await expect.poll(() => one.locator('[data-device]').count()).toBe(1);

    // Device two comes back; device one lights the fire, which both see.
    await signIn(two, email, password);
    await two.locator('[data-fire]').waitFor({ timeout: 10_000 });
    await one.locator('[data-action="account:back"]').click();
    await one.locator('[data-action="light_fire"]').click();
    await expect.poll(() => fireOf(two), { timeout: 10_000 }).toBe('burning');

    // Device one restores the snapshot taken at the claim: the fire is dark again, on both.
    await one.goto(`${server.url}/#account/history`);
    const claim = one.locator('[data-reason="claim"]');
    await claim.waitFor();
    await claim.locator('[data-action="history:restore"]').click();
    await claim.locator('[data-action="history:restore"]').click(); // "sure? go back"
    await expect.poll(() => one.locator('[data-history-status]').innerText()).toMatch(/every device/);
    await expect.poll(() => fireOf(two), { timeout: 10_000 }).toBe(dark);
    await expect.poll(() => one.locator('[data-reason="before_restore"]').count()).toBe(1);
    await one.locator('[data-action="account:back"]').click();
    await expect.poll(() => fireOf(one), { timeout: 10_000 }).toBe(dark);
  });
});

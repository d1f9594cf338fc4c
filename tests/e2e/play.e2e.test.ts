import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchBrowser } from './browser.ts';
import { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

const fireOf = (page: Page) => page.locator('[data-fire]').getAttribute('data-fire');
const woodOf = async (page: Page) => {
  const amount = page.locator('[data-store="wood"] [data-amount]');
  return (await amount.count()) > 0 ? amount.first().getAttribute('data-amount') : null;
};

describe.skipIf(!chromiumPath)('playing in Chromium across two devices', () => {
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

  it('a guest lights and stokes, claims the game, and a second device signs in and shares it', async () => {
    const email = `ember-${Date.now()}@example.com`;
    const password = 'a long enough password';

    // Device one: a guest, straight into the dark room.
    const one = await (await browser.newContext()).newPage();
    await one.goto(server.url);
    const light = one.locator('[data-action="light_fire"]');
    await light.click();
    await expect.poll(() => fireOf(one)).toBe('burning');

    // The shared cooldown of 10 s must pass before the stoke.
    const stoke = one.locator('[data-action="stoke_fire"]');
    await stoke.waitFor();
    await expect.poll(() => stoke.isEnabled(), { timeout: 15_000 }).toBe(true);
    await stoke.click();
    await expect.poll(() => fireOf(one)).toBe('roaring');

    // Claim the guest game with an email and password.
    await one.getByRole('button', { name: /claim|save your game|keep/i }).first().click();
    await one.getByLabel(/email/i).fill(email);
    await one.getByLabel(/password/i).fill(password);
    await one.locator('form [type="submit"]').click();
    await expect.poll(() => one.getByText(email).count()).toBeGreaterThan(0);

    // Device two: another browser profile signs in and sees the same fire.
    const two = await (await browser.newContext()).newPage();
    await two.goto(server.url);
    await two.locator('[data-fire]').waitFor();
    await two.getByRole('button', { name: /sign in/i }).first().click();
    await two.getByLabel(/email/i).fill(email);
    await two.getByLabel(/password/i).fill(password);
    await two.locator('form [type="submit"]').click();
    await expect.poll(() => fireOf(two), { timeout: 10_000 }).toBe('roaring');

    // An action on one device shows on the other: the stoke starts the shared cooldown on both.
    const stokeTwo = two.locator('[data-action="stoke_fire"]');
    await expect.poll(() => stoke.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => stokeTwo.isEnabled(), { timeout: 15_000 }).toBe(true);
    const linesBefore = await two.locator('[aria-live] li').count();
    await stoke.click();
    await expect.poll(() => stokeTwo.isEnabled()).toBe(false);
    await expect.poll(() => two.locator('[aria-live] li').count()).toBeGreaterThan(linesBefore);

    // The forest opens 45 s after the first light: both devices show the same wood pile, and
    // wood gathered on one lands on the other.
    await expect.poll(() => woodOf(one), { timeout: 60_000, interval: 500 }).not.toBeNull();
    await expect.poll(async () => (await woodOf(two)) === (await woodOf(one))).toBe(true);
    await one.locator('[data-tab="outside"]').click();
    const gather = one.locator('[data-action="gather_wood"]');
    await expect.poll(() => gather.isEnabled()).toBe(true);
    const before = Number(await woodOf(two));
    await gather.click();
    await expect.poll(async () => Number(await woodOf(two))).toBeGreaterThanOrEqual(before + 10);
  });
});

/**
 * The Content-Security-Policy the server sends (@fastify/helmet, apps/server/src/app.ts) is one the
 * app actually passes: Chromium plays through the game (scripts, styles, the game socket), signs in
 * and opens the admin pages with their lazily loaded charts, and reports no CSP violation — neither
 * as a `securitypolicyviolation` event in the page nor as a console message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchBrowser } from './browser.ts';
import { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

const PASSWORD = 'a long enough password';

interface Watched {
  page: Page;
  /** Violations reported so far: page events and console lines. */
  violations(): Promise<string[]>;
}

/** A page that records every CSP violation from its first script on. */
async function watchedPage(browser: Browser): Promise<Watched> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) console.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/content security policy/i.test(error.message)) console.push(error.message);
  });
  return {
    page,
    async violations() {
      const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
      return [...events, ...console];
    },
  };
}

describe.skipIf(!chromiumPath)('the Content-Security-Policy in Chromium', () => {
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

  it('is sent with the page and strict about scripts', async () => {
    const res = await fetch(server.url, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  });

  it('is never violated while a guest plays, reconnects, and an admin reads the dashboards', async () => {
    const player = await watchedPage(browser);
    const { page } = player;
    await page.goto(server.url);
    // The game socket (connect-src), the app's scripts and styles, then a change over the socket.
    await page.locator('[data-action="light_fire"]').click();
    await expect.poll(() => page.locator('[data-fire]').getAttribute('data-fire')).toBe('burning');
    await page.reload();
    await expect.poll(() => page.locator('[data-fire]').getAttribute('data-fire')).toBe('burning');
    expect(await player.violations()).toEqual([]);

    // An admin: the account form, then the admin pages (a lazy chunk with Chart.js on canvases).
    const email = `csp-${Date.now()}@example.com`;
    const registered = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(registered.status).toBe(200);
    await server.db.prisma.user.update({ where: { email }, data: { isAdmin: true } });

    const admin = await watchedPage(browser);
    const a = admin.page;
    await a.goto(server.url);
    await a.locator('[data-action="account:sign_in"]').click();
    const form = a.locator('[data-account-panel] form[data-form="sign_in"]');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(PASSWORD);
    await form.locator('[data-action="account:submit_sign_in"]').click();
    await expect.poll(() => a.locator('[data-action="account:menu"]').textContent(), { timeout: 10_000 }).toContain(email);
    await a.locator('header [data-admin-link="open"]').click();
    await a.locator('[data-admin]').waitFor();
    for (const section of ['funnel', 'retention', 'overview']) {
      const link = a.locator(`[data-admin] nav [data-admin-link="${section}"]`);
      if ((await link.count()) === 0) continue;
      await link.click();
      await a.locator(`[data-admin-page="${section}"]`).waitFor();
    }
    await a.waitForTimeout(500); // charts draw after their data arrives
    expect(await admin.violations()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_ROUTES } from '@smoulder/protocol';
import { main as adminCli } from '../../apps/server/src/cli/admin.ts';
import { FUNNEL_STEPS } from '../../apps/server/src/features/admin/repo.ts';
import { loadDataset, type Dataset } from '../../apps/server/src/features/admin/hand-made-dataset.ts';
import { chromiumPath, launchBrowser } from './browser.ts';
import { startServer } from './server.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

const PASSWORD = 'a long enough password';
/** The hand-made players who signed up from 1 to 15 March 2026: A, B, C, F and D (E and the live accounts are later). */
const RANGE = { from: '2026-03-01', to: '2026-03-15' };

/**
 * The funnel of the hand-made dataset (apps/server/src/features/admin/hand-made-dataset.ts) over
 * RANGE, as routes.test.ts works it out: 5 players started a game, 4 lit the fire (10, 30, 20 and
 * 40 s), 3 met the builder (200, 100 and 300 s), 1 opened the forest (400 s). Every later step: 0.
 */
const EXPECTED_HEAD = [
  { milestone: 'new_game', players: '5', fromPrevious: '100%', fromStart: '100%', median: '0 s', p90: '0 s' },
  { milestone: 'fire_lit', players: '4', fromPrevious: '80%', fromStart: '80%', median: '25 s', p90: '37 s' },
  { milestone: 'builder_arrived', players: '3', fromPrevious: '75%', fromStart: '60%', median: '3 min', p90: '5 min' },
  { milestone: 'forest_opened', players: '1', fromPrevious: '33.3%', fromStart: '20%', median: '7 min', p90: '7 min' },
];

/** The funnel table as the admin reads it: one entry per row, cells by their data-column hooks. */
function funnelRows(page: Page) {
  return page.locator('[data-admin-page="funnel"] table[data-table="funnel"] tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = (column: string) => row.querySelector(`[data-column="${column}"]`);
      const text = (column: string) => cell(column)?.textContent?.trim() ?? null;
      return {
        milestone: row.getAttribute('data-milestone'),
        players: cell('players')?.getAttribute('data-value') ?? null,
        playersText: text('players'),
        fromPrevious: text('from_previous'),
        fromStart: text('from_start'),
        median: text('median_play_ms'),
        p90: text('p90_play_ms'),
      };
    }),
  );
}

/** Status (and error code) of every admin API route, fetched by the page itself, with or without its cookie. */
function adminStatuses(page: Page, playerId: string, credentials: RequestCredentials) {
  const urls = Object.values(ADMIN_ROUTES).map((route) => route.replace(':id', playerId));
  return page.evaluate(
    async ({ urls, credentials }) =>
      Promise.all(
        urls.map(async (url) => {
          const res = await fetch(url, { credentials });
          const body = res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : null;
          return { url, status: res.status, code: body?.error?.code ?? null };
        }),
      ),
    { urls, credentials },
  );
}

describe.skipIf(!chromiumPath)('admin progression analytics in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let data: Dataset;

  beforeAll(async () => {
    server = await startServer();
    data = await loadDataset(server.db);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens an account through the HTTP API, as the web app's claim form would without a guest. */
  async function register(email: string): Promise<void> {
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** A fresh browser profile: it starts as a guest in the dark room, then signs in from the header's account menu. */
  async function signInInBrowser(email: string): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.locator('[data-action="account:sign_in"]').click();
    const form = page.locator('[data-account-panel] form[data-form="sign_in"]');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(PASSWORD);
    await form.locator('[data-action="account:submit_sign_in"]').click();
    // Signed in: the account menu carries the email, and the game is on screen.
    await expect.poll(() => page.locator('[data-action="account:menu"]').textContent(), { timeout: 10_000 }).toContain(email);
    await page.locator('[data-fire]').waitFor();
    return page;
  }

  it('an admin, granted by `npm run admin -- grant`, opens the admin pages from the header and reads the seeded funnel', async () => {
    const email = 'keeper@example.com';
    await register(email);

    // The CLI's own code path, on the server's database (kept open: the CLI closes what it opened).
    const out: string[] = [];
    const err: string[] = [];
    const code = await adminCli(['grant', email], {}, { out: (l) => out.push(l), err: (l) => err.push(l) }, async () => ({
      ...server.db,
      close: async () => {},
    }));
    expect({ code, out, err }).toEqual({ code: 0, out: [`${email} is now an admin (effective on their next request)`], err: [] });

    const page = await signInInBrowser(email);

    // The header's admin entry opens the admin pages (the overview first).
    const entry = page.locator('header [data-admin-link="open"]');
    await entry.click();
    await page.locator('[data-admin]').waitFor();
    expect(page.url()).toContain('#/admin/overview');
    await expect.poll(() => page.locator('header [data-admin-link="game"]').count()).toBe(1);

    // The funnel page, narrowed to the first half of March 2026 with the shared date filter.
    await page.locator('[data-admin] nav [data-admin-link="funnel"]').click();
    await page.locator('[data-admin-page="funnel"]').waitFor();
    const range = page.locator('form[data-admin-range]');
    await range.locator('input[name="from"]').fill(RANGE.from);
    await range.locator('input[name="to"]').fill(RANGE.to);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/admin/funnel?from=${RANGE.from}&to=${RANGE.to}`);

    // Players reaching each milestone, conversion from the step before and from the start, play times.
    await expect
      .poll(async () => (await funnelRows(page)).slice(0, EXPECTED_HEAD.length).map(({ playersText: _, ...row }) => row), { timeout: 10_000 })
      .toEqual(EXPECTED_HEAD);
    const rows = await funnelRows(page);
    expect(rows.map((r) => r.milestone)).toEqual(FUNNEL_STEPS);
    expect(rows.map((r) => r.playersText)).toEqual(rows.map((r) => r.players));
    for (const row of rows.slice(EXPECTED_HEAD.length)) expect(row, row.milestone!).toMatchObject({ players: '0', fromStart: '0%' });

    // The chart beside the table is drawn: a sized canvas with painted pixels.
    const canvas = page.locator('[data-admin-page="funnel"] [data-admin-chart] canvas');
    await expect.poll(() => canvas.count()).toBe(1);
    const painted = () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        if (c.width === 0 || c.height === 0) return 0;
        const { data: pixels } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
        let count = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) count++;
        return count;
      });
    await expect.poll(painted).toBeGreaterThan(1000);

    // Its session is an admin's: every admin route lets it through (the player search then wants a query).
    const statuses = await adminStatuses(page, data.ids.A, 'same-origin');
    expect(statuses).toEqual(
      statuses.map(({ url }) =>
        url === ADMIN_ROUTES.players ? { url, status: 400, code: 'request/invalid' } : { url, status: 200, code: null },
      ),
    );

    await page.context().close();
  });

  it('a plain player sees no admin entry, is not shown the admin pages, and gets 403 (401 without a session) from the admin API', async () => {
    const email = 'villager@example.com';
    await register(email);
    const page = await signInInBrowser(email);

    // The header is fully drawn (account menu, options), but holds no admin entry.
    await page.locator('header [data-action="options:menu"]').waitFor();
    expect(await page.locator('[data-admin-link]').count()).toBe(0);

    // Typing the admin hash shows the game, not the admin pages.
    await page.evaluate(() => (location.hash = '#/admin/funnel'));
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/admin/funnel');
    await page.locator('[data-fire]').waitFor();
    expect(await page.locator('[data-admin]').count()).toBe(0);
    expect(await page.locator('[data-admin-link]').count()).toBe(0);

    // Every admin route refuses the player's session with 403, and a request without one with 401.
    const forbidden = await adminStatuses(page, data.ids.A, 'same-origin');
    expect(forbidden).toEqual(forbidden.map(({ url }) => ({ url, status: 403, code: 'auth/forbidden' })));
    const anonymous = await adminStatuses(page, data.ids.A, 'omit');
    expect(anonymous).toEqual(anonymous.map(({ url }) => ({ url, status: 401, code: 'auth/required' })));

    await page.context().close();
  });
});

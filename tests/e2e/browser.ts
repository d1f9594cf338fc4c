import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * The system Chromium (never a downloaded one). Without it the browser tests skip loudly, except
 * under CI=true, where a missing browser is a failure.
 */
export function findChromium(): string | null {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return fs.existsSync(configured) ? configured : null;
  return CANDIDATES.find((path) => fs.existsSync(path)) ?? null;
}

export const chromiumPath = findChromium();

if (!chromiumPath) {
  const message =
    '\n\n*** BROWSER TESTS SKIPPED: no Chromium found (set CHROMIUM_PATH or `apt-get install chromium`) ***\n\n';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath!,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

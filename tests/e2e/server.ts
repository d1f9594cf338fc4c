import path from 'node:path';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { testBackends } from '../../apps/server/src/db/test-database.ts';
import { startTestApp, type TestApp } from '../../apps/server/src/testing/test-app.ts';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/**
 * The real server with the built client, on the real Postgres when DATABASE_URL is set (`dist`: a
 * copy of the build to serve instead).
 */
export async function startServer({ dist = webDist }: { dist?: string } = {}): Promise<TestApp & { url: string }> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('no web build in apps/web/dist: run `npm run build` first');
  }
  const backend = testBackends().at(-1)!;
  const t = await startTestApp(backend.open, { webDist: dist, saveDelayMs: 200, unloadGraceMs: 1000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { ...t, url: `http://127.0.0.1:${port}` };
}

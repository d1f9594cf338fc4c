import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a test database, quiet and quick to save and unload. */
export async function startTestApp(
  open: () => Promise<Database>,
  overrides: Partial<Config> = {},
  deps: AppDeps = {},
): Promise<TestApp> {
  const db = await open();
  const config: Config = {
    ...loadConfig({}),
    webDist: '/nonexistent',
    saveDelayMs: 50,
    unloadGraceMs: 50,
    ...overrides,
  };
  const app = await buildApp(config, { database: db, logger: false, ...deps });
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * The Origin a browser on our own page would send to `inject` (whose default Host is localhost:80);
 * cookie-carrying POSTs without it are refused as cross-site.
 */
export const INJECT_ORIGIN = 'http://localhost:80';

/** The `name=value` part of a Set-Cookie header, ready for a Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('no Set-Cookie in the response');
  return header.split(';')[0];
}

/** A new guest, as a browser starts one: their session cookie and user id. */
export async function newGuest(app: FastifyInstance): Promise<{ cookie: string; userId: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/guest' });
  return { cookie: sessionCookie(res.headers['set-cookie']), userId: res.json().user.id as string };
}

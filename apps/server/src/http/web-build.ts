import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** What the web build writes beside its index.html (apps/web/vite.config.ts, `build.json`). */
const WebBuild = z.object({ id: z.string().min(1).max(64) });

/**
 * The id of the web build in `webDist`, sent with every snapshot so that a tab still running an
 * older build reloads. Undefined when there is no build, or an older one without an id.
 */
export function readWebBuild(webDist: string, log: FastifyBaseLogger): string | undefined {
  const file = path.join(webDist, 'build.json');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return WebBuild.parse(JSON.parse(text)).id;
  } catch (err) {
    log.warn({ err, file }, 'the web build id is unreadable: tabs will not be told to reload after an update');
    return undefined;
  }
}

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The script runs outside the project: it imports pino by where the server finds it. */
const pinoUrl = pathToFileURL(createRequire(import.meta.url).resolve('pino')).href;
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs `script` with nobody reading its standard output; resolves with how it ended, or 'hung'. */
async function runUnread(script: string, timeoutMs: number): Promise<{ code: number | null } | 'hung'> {
  dir = await mkdtemp(path.join(tmpdir(), 'smoulder-log-'));
  const file = path.join(dir, 'script.ts');
  await writeFile(file, script);
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: path.resolve(here, '../../..'), stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout!.destroy();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('hung');
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code });
    });
  });
}

describe('the log destination', () => {
  it('lets a process exit while lines are still being logged and nobody reads them', async () => {
    // Lines logged back to back leave writes in flight when the process exits: the moment a
    // buffering stream would try to flush them into the broken pipe.
    const outcome = await runUnread(
      `import pino from ${JSON.stringify(pinoUrl)};
       import { logDestination } from ${JSON.stringify(path.join(here, 'log-destination.ts'))};
       const log = pino({ level: 'warn' }, logDestination());
       setTimeout(() => {
         for (let i = 0; i < 200; i++) log.warn({ pad: 'x'.repeat(10_000) }, 'a long line');
         process.exit(3);
       }, 200);`,
      15_000,
    );
    expect(outcome).toEqual({ code: 3 });
  }, 20_000);
});

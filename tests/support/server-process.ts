/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`), on a database
 * of the test's own: a temporary PGlite folder, or a fresh database on the Postgres server that
 * DATABASE_URL names. Used where a test must kill or signal the process itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { createSession, createUser } from '../../apps/server/src/features/accounts/repo.ts';
import { SESSION_COOKIE } from '../../apps/server/src/features/accounts/sessions.ts';
import { hashToken, newSessionToken } from '../../apps/server/src/features/accounts/tokens.ts';
import { createSave } from '../../apps/server/src/features/game/save-repo.ts';
import type { GameState } from '../../packages/engine/src/core/state.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A database for one test: the environment that points the server at it, and a way to open it here. */
export interface ScratchDb {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** Opens it in this process (migrated). PGlite allows one process at a time: not while a server runs. */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database: on the Postgres server `serverUrl` (default: DATABASE_URL's) or else a PGlite folder. */
export async function scratchDb(prefix = 'smoulder_recovery', serverUrl = process.env.DATABASE_URL): Promise<ScratchDb> {
  if (serverUrl) {
    const name = `${prefix}_${randomBytes(5).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      kind: 'postgres',
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl, dataDir: 'memory://' }),
      dispose: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smoulder-recovery-'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A player with a save of `state` and a live session; the cookie to send. */
export async function seedPlayer(db: Database, state: GameState): Promise<{ userId: string; cookie: string }> {
  const user = await createUser(db.prisma, {});
  await createSave(db.prisma, user.id, state, state.version);
  const token = newSessionToken();
  await createSession(db.prisma, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return { userId: user.id, cookie: `${SESSION_COOKIE}=${token}` };
}

export interface ServerProcess {
  proc: ChildProcess;
  pid: number;
  port: number;
  /** `127.0.0.1:<port>`, for URLs and the Origin header. */
  host: string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stdout and stderr so far: all of it up to 4 MB, else its first and last 2 MB. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A process's output, kept whole up to `limit` characters and beyond that as its beginning and its
 * end: an overloaded server can log more than a JavaScript string can hold.
 */
export function boundedLog(limit = 4 * 1024 * 1024) {
  const half = limit / 2;
  let head = '';
  let tail = '';
  let dropped = 0;
  return {
    add(chunk: string) {
      if (head.length < half) {
        const room = half - head.length;
        head += chunk.slice(0, room);
        chunk = chunk.slice(room);
      }
      tail += chunk;
      if (tail.length > half) {
        dropped += tail.length - half;
        tail = tail.slice(tail.length - half);
      }
    },
    text: () => (dropped ? `${head}\n[… ${dropped} characters left out …]\n${tail}` : head + tail),
  };
}

/** Every server this process started and that is still running: killed when this process exits. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts the server with `env` (and extra `nodeArgs`, e.g. --cpu-prof) on a free port and waits until /healthz answers. */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = [], timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  const log = boundedLog();
  proc.stdout!.on('data', (chunk: Buffer) => log.add(chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => log.add(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the server exited while starting:\n${log.text()}`);
    try {
      const res = await fetch(`http://${host}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${log.text()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    pid: proc.pid!,
    port,
    host,
    exited,
    output: () => log.text(),
    kill(signal) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/**
 * A Node process and its Node descendants (a server's workers), from /proc. Other children, such as
 * the esbuild service tsx starts in each, are left out: a built server has none.
 */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      for (const tid of readdirSync(`/proc/${tree[i]}/task`)) {
        for (const child of readFileSync(`/proc/${tree[i]}/task/${tid}/children`, 'utf8').trim().split(' ')) {
          if (child && readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'node') tree.push(Number(child));
        }
      }
    } catch {
      // gone meanwhile
    }
  }
  return tree;
}

/** Resident memory (bytes) and CPU time used so far (ms, user + system) of a process and its descendants, from /proc. */
export async function processUsage(pid: number): Promise<{ rssBytes: number; cpuMs: number }> {
  const usages = await Promise.all(
    processTree(pid).map(async (p) => {
      const [stat, status] = await Promise.all([readFile(`/proc/${p}/stat`, 'utf8'), readFile(`/proc/${p}/status`, 'utf8')]);
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return { rssBytes: rssKb * 1024, cpuMs: cpuMsOfStat(stat) };
    }),
  );
  return usages.reduce((a, b) => ({ rssBytes: a.rssBytes + b.rssBytes, cpuMs: a.cpuMs + b.cpuMs }));
}

/**
 * How long threads ran and waited in the kernel's run queue for a core (ms), and how many times they
 * were scheduled, from /proc/<pid>/task/<tid>/schedstat; `tids` are [pid, tid] pairs (a process's
 * main thread is [pid, pid]). A thread that ended is skipped.
 */
export function schedStats(tids: Array<[number, number]>): { runMs: number; waitMs: number; slices: number } {
  const total = { runMs: 0, waitMs: 0, slices: 0 };
  for (const [pid, tid] of tids) {
    try {
      const [run, wait, slices] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(' ').map(Number);
      total.runMs += run / 1e6;
      total.waitMs += wait / 1e6;
      total.slices += slices;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** CPU time (ms, user + system) in the text of a /proc/<pid>/stat file. */
export function cpuMsOfStat(stat: string): number {
  // Fields after the command name (which may hold spaces) start at the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the line)
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Busy and total CPU time (ms, all cores) in the text of /proc/stat. */
export function machineMsOfStat(stat: string): { busy: number; total: number } {
  const [, ...fields] = stat.slice(0, stat.indexOf('\n')).trim().split(/\s+/);
  const ticks = fields.slice(0, 8).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = ticks[3] + ticks[4];
  return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
}

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

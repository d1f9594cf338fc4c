import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** A real Postgres; when absent the server keeps its data in an embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  /**
   * With a `databaseUrl`: several server processes may share the database. Each holds its
   * players' advisory locks (and LISTENs) on one dedicated connection to `databaseDirectUrl`, which
   * must reach Postgres directly, never a transaction-mode pooler. Off: one process only.
   */
  cluster: boolean;
  databaseDirectUrl?: string;
  /**
   * Pooled connections to `databaseUrl` per process. Every join commits twice (the save's claim, the
   * play session) and each commit waits for the WAL to reach the disk: more connections let those
   * waits overlap (Postgres flushes concurrent commits together).
   */
  databasePoolSize: number;
  dataDir: string;
  /** Built web client to serve; not served when the folder does not exist. */
  webDist: string;
  /** Origins allowed to open the WebSocket; empty means "the origin the request was addressed to". */
  allowedOrigins: string[];
  cookieSecure: boolean;
  sessionTtlMs: number;
  /** A guest's session: their game lives on this device until they claim it, so it lasts long. */
  guestSessionTtlMs: number;
  /** A player's change to a game (a command) is written within this long. */
  saveDelayMs: number;
  /**
   * A change made by a game's own timers is written within this long: a process loading the game
   * after the one running it died runs it on to that process's last heartbeat instead.
   */
  timerSaveDelayMs: number;
  /** How long a game stays in memory after its last socket closed. */
  unloadGraceMs: number;
  /**
   * At most this many games loaded in this process (each holds a player's advisory lock on
   * Postgres); a player beyond it is told the server is unavailable and retries. 0: no limit.
   */
  maxGames: number;
  loginRateLimit: { max: number; windowMs: number };
  /** Failed sign-ins allowed per account (email) per window, counted in this process's memory. */
  loginAccountLimit: { max: number; windowMs: number };
  /** New guests per client IP per window. */
  guestRateLimit: { max: number; windowMs: number };
  /** Frames a game socket may send: a token bucket refilled at `perSecond`, holding `burst`. */
  socketFrameLimit: { perSecond: number; burst: number };
  /** `GET /metrics` (Prometheus); with a token it answers only `Authorization: Bearer <token>`. */
  metrics: { enabled: boolean; token?: string };
  logLevel: string;
  trustProxy: boolean;
  /**
   * Worker processes behind one port (1: this process serves by itself). More need Postgres
   * (`databaseUrl`) with `cluster` on: the workers are members of the cluster like any process.
   */
  workers: number;
  /** This process is one of those workers, started by the front: it answers for all of them where one answer is wanted (metrics, readiness). */
  behindFront: boolean;
  /** How far V8 lets the heap grow past what survived its last full collection (percent; 0: V8 decides). */
  heapGrowingPercent: number;
}

/**
 * A game's state is replaced by a new one on every change and the old one is dropped a second or two
 * later: old enough to reach V8's old generation, which V8 then lets grow to several times what is
 * alive before collecting it. Collecting at 1.4× keeps memory per player near what it really holds,
 * for a few more (short, mostly concurrent) collections: measured with bench:load in docs/operations.md.
 */
export const DEFAULT_HEAP_GROWING_PERCENT = 40;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    cluster: env.CLUSTER !== 'false',
    databaseDirectUrl: env.DATABASE_DIRECT_URL || env.DATABASE_URL || undefined,
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 20),
    dataDir: path.resolve(repoRoot, env.DATA_DIR || '.data/pglite'),
    webDist: path.resolve(repoRoot, env.WEB_DIST || 'apps/web/dist'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    cookieSecure: env.COOKIE_SECURE === 'true',
    sessionTtlMs: int(env.SESSION_TTL_DAYS, 30) * 24 * 3600 * 1000,
    guestSessionTtlMs: int(env.GUEST_SESSION_TTL_DAYS, 365) * 24 * 3600 * 1000,
    saveDelayMs: int(env.SAVE_DELAY_MS, 1000),
    timerSaveDelayMs: int(env.TIMER_SAVE_DELAY_MS, 10_000),
    unloadGraceMs: int(env.UNLOAD_GRACE_MS, 10_000),
    maxGames: int(env.MAX_GAMES, 0),
    loginRateLimit: { max: int(env.LOGIN_RATE_LIMIT, 10), windowMs: 60_000 },
    loginAccountLimit: { max: int(env.LOGIN_ACCOUNT_LIMIT, 10), windowMs: 15 * 60_000 },
    guestRateLimit: { max: int(env.GUEST_RATE_LIMIT, 30), windowMs: 60_000 },
    socketFrameLimit: { perSecond: int(env.SOCKET_FRAME_RATE, 20), burst: int(env.SOCKET_FRAME_BURST, 40) },
    metrics: { enabled: env.METRICS_ENABLED !== 'false', token: env.METRICS_TOKEN || undefined },
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    heapGrowingPercent: int(env.HEAP_GROWING_PERCENT, DEFAULT_HEAP_GROWING_PERCENT),
    workers: workerCount(env),
    behindFront: env.SMOULDER_WORKER !== undefined,
  };
}

function workerCount(env: NodeJS.ProcessEnv): number {
  const workers = int(env.WORKERS, 1);
  if (workers < 1) throw new Error(`WORKERS must be 1 or more, got "${env.WORKERS}"`);
  if (workers > 1 && !env.DATABASE_URL) throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded database serves one process only');
  if (workers > 1 && env.CLUSTER === 'false') throw new Error('WORKERS above 1 needs CLUSTER on: the workers share the database as a cluster');
  return workers;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}

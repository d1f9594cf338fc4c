/**
 * Load benchmark: `npm run bench:load -- [players=1000] [--duration=60] [--ramp=seconds] [--start=village|new] [--workers=1] [--threads=2] [--idle=0] [--keep-db]`
 *
 * Needs DATABASE_URL naming a Postgres server (e.g. postgres://postgres@127.0.0.1:5432/postgres): a
 * fresh database is created there for the run and dropped afterwards. The server runs as a child
 * process (`node --import tsx apps/server/src/main.ts`), so its CPU and memory are read from
 * /proc/<pid> apart from this generator's; the guest rate limit is lifted for it.
 *
 * Each simulated player becomes a guest through POST /api/guest (its save is then replaced by a
 * mid-game village, seeded per player, unless --start=new), opens the game socket like a page
 * would, keeps its game from the snapshot and patches, and plays at a human pace: one action every
 * 2 to 5 seconds, chosen among what the rules allow at that moment (cooldowns respected, events
 * answered). --idle=P makes P % of them (spread evenly) keep the game open without acting, as
 * players with a tab left open do: their games still run, so only the timers change them.
 * Players connect over the ramp; the measurement window then lasts --duration seconds.
 * The players run on --threads worker threads (players-thread.ts), each with its own heap, so one
 * of this generator's collections delays the answers of one thread's share only.
 *
 * Diagnostics: SERVER_NODE_ARGS (e.g. --cpu-prof, --trace-gc) go to the server's node; SERVER_OUTPUT=file
 * keeps what the server printed; JOIN_DUMP=file lists every join as "ms into the ramp, ms taken";
 * ACK_DUMP=file lists every measured command as "epoch ms sent, ms to its ack"; CPU_DUMP=file the CPU
 * split every 100 ms (see sampleCpu).
 *
 * Printed: players connected, commands per second, command→ack and command→patch latency (p50,
 * p95, p99, max), bytes per patch and per snapshot, server CPU and RSS (total and per player),
 * Postgres CPU, this generator's CPU, event-loop lag, writes per second and how long changes
 * waited to be written.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { writeSave } from '../../apps/server/src/features/game/save-repo.ts';
import { midGameVillage } from '../support/fixtures.ts';
import { cpuMsOfStat, machineMsOfStat, processTree, processUsage, schedStats, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import type { FromThread, ThreadJob, ThreadJoined, ThreadReport, ToThread } from './thread-messages.ts';

// ---- arguments

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PLAYERS = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const DURATION_S = Number(flag('duration') ?? 60);
const RAMP_S = Number(flag('ramp') ?? Math.max(10, Math.ceil(PLAYERS / 100)));
const START = flag('start') ?? 'village';
const KEEP_DB = args.includes('--keep-db');
/** The server's WORKERS: processes behind its port (1: the server alone). */
const WORKERS = Number(flag('workers') ?? 1);
/** Worker threads the simulated players are shared among. */
const THREADS = Math.max(1, Number(flag('threads') ?? Math.min(2, availableParallelism())));
const WARMUP_S = 5;
/** Percent of the players who only watch. */
const IDLE_PERCENT = Math.min(100, Math.max(0, Number(flag('idle') ?? 0)));
/** Player i watches when the running count of watchers, rounded down, steps up at i: evenly spread, exactly the share. */
const watches = (i: number) => Math.floor(((i + 1) * IDLE_PERCENT) / 100) > Math.floor((i * IDLE_PERCENT) / 100);

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:load needs DATABASE_URL naming a Postgres server, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}

// ---- small helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function percentiles(samples: number[]) {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Parses the Prometheus text format into `name{labels}` → value. */
async function scrape(server: ServerProcess): Promise<Map<string, number>> {
  const text = await (await fetch(`http://${server.host}/metrics`)).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

/** The `q` quantile of a histogram's observations between two scrapes, as the upper bound of its bucket. */
function bucketQuantile(before: Map<string, number>, after: Map<string, number>, name: string, labels: string, q: number): number {
  const buckets: Array<[number, number]> = [];
  for (const [key, value] of after) {
    const match = key.startsWith(`${name}_bucket{`) && key.includes(labels) ? /le="([^"]+)"/.exec(key) : null;
    if (match) buckets.push([match[1] === '+Inf' ? Infinity : Number(match[1]), value - (before.get(key) ?? 0)]);
  }
  buckets.sort((a, b) => a[0] - b[0]);
  const total = buckets.at(-1)?.[1] ?? 0;
  return buckets.find(([, count]) => count >= q * total)?.[0] ?? NaN;
}

/** Backend processes of the Postgres server serving `database` (the server's pool, open for the whole run). */
async function postgresBackends(database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU ms used so far by these processes (those that have gone count as 0). */
async function cpuMsOf(pids: number[]): Promise<Map<number, number>> {
  const usage = new Map<number, number>();
  for (const pid of pids) {
    try {
      usage.set(pid, (await processUsage(pid)).cpuMs);
    } catch {
      // gone meanwhile
    }
  }
  return usage;
}

/** Busy and total CPU ms of the whole machine so far (all cores), from /proc/stat. */
async function machineCpuMs(): Promise<{ busy: number; total: number }> {
  return machineMsOfStat(await readFile('/proc/stat', 'utf8'));
}

async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/** A worker thread running a share of the players (players-thread.ts), and its messages in order. */
function startThread(job: ThreadJob) {
  const worker = new Worker(new URL('./ts-thread.mjs', import.meta.url), {
    workerData: { entry: new URL('./players-thread.ts', import.meta.url).href, job },
  });
  // Buffers what arrives before it is awaited, and throws if the thread fails.
  const inbox = on(worker, 'message') as AsyncIterableIterator<[FromThread]>;
  return {
    send: (message: ToThread) => worker.postMessage(message),
    async next<T extends FromThread['type']>(type: T): Promise<Extract<FromThread, { type: T }>> {
      const { value, done } = await inbox.next();
      if (done || value[0].type !== type) throw new Error(`player thread: expected ${type}, got ${done ? 'nothing' : value[0].type}`);
      return value[0] as Extract<FromThread, { type: T }>;
    },
    stop: () => worker.terminate(),
  };
}

/** The threads' reports as one: counts summed, samples joined, `ackSentAt` moved onto this thread's performance clock. */
function sumReports(reports: ThreadReport[]) {
  const total = (key: 'sent' | 'acks' | 'patchBytes' | 'patches' | 'snapshotBytes' | 'snapshots' | 'online') => reports.reduce((a, r) => a + r[key], 0);
  const merged = (key: 'rejects' | 'closes') => {
    const counts = new Map<string, number>();
    for (const r of reports) for (const [k, n] of Object.entries(r[key])) counts.set(k, (counts.get(k) ?? 0) + n);
    return counts;
  };
  return {
    sent: total('sent'),
    acks: total('acks'),
    rejects: merged('rejects'),
    closes: merged('closes'),
    ackMs: reports.flatMap((r) => r.ackMs),
    ackSentAt: reports.flatMap((r) => r.ackSentAt.map((epoch) => epoch - performance.timeOrigin)),
    patchMs: reports.flatMap((r) => r.patchMs),
    patchBytes: total('patchBytes'),
    patches: total('patches'),
    snapshotBytes: total('snapshotBytes'),
    snapshots: total('snapshots'),
    online: total('online'),
    /** The worst thread's event-loop delay. */
    lag: { p50: Math.max(...reports.map((r) => r.lag.p50)), p99: Math.max(...reports.map((r) => r.lag.p99)), max: Math.max(...reports.map((r) => r.lag.max)) },
  };
}

/** CPU used in one slice of the window, in % of a core: by the server, this generator, Postgres, everything else. */
interface CpuSlice {
  at: number;
  server: number;
  generator: number;
  postgres: number;
  other: number;
}

/** CPU_DUMP=file: the window's CPU every 100 ms, as "epoch ms, server %, generator %, postgres %, other %". */
const cpuDump: string[] = [];

/**
 * Samples who used the CPU every 100 ms until stopped (/proc is read at USER_HZ, so a slice is exact
 * to 10 ms of CPU). Slow stretches then show what the machine was doing while answers were late.
 */
function sampleCpu(serverPid: number, database: string): { stop(): Promise<CpuSlice[]> } {
  // The pool opens and closes backends as it goes: found by their process titles, every second.
  let postgresPids: number[] = [];
  const findBackends = () => {
    postgresPids = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) postgresPids.push(Number(entry));
      } catch {
        // gone meanwhile
      }
    }
  };
  // The server and, when it runs workers (WORKERS), every one of them.
  const serverPids = processTree(serverPid);
  const slices: CpuSlice[] = [];
  let running = true;
  // Synchronous reads: /proc answers from memory in microseconds, and the thread pool round trips of
  // async reads, 250 a second, cost this process more than the reads themselves.
  const cpuMs = (pid: number) => {
    try {
      return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return null; // gone: it counts in neither sample
    }
  };
  const read = () => {
    const postgres = new Map<number, number>();
    for (const pid of postgresPids) {
      const ms = cpuMs(pid);
      if (ms !== null) postgres.set(pid, ms);
    }
    const u = process.cpuUsage();
    const machine = machineMsOfStat(readFileSync('/proc/stat', 'utf8')).busy;
    const server = serverPids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
    return { at: performance.now(), server, generator: (u.user + u.system) / 1000, postgres, machine };
  };
  const done = (async () => {
    findBackends();
    let last = read();
    for (let n = 1; running; n++) {
      await sleep(100);
      if (n % 10 === 0) findBackends();
      const now = read();
      const pct = (ms: number) => (ms / (now.at - last.at)) * 100;
      const slice = {
        at: now.at,
        server: pct(now.server - last.server),
        generator: pct(now.generator - last.generator),
        postgres: pct([...now.postgres].reduce((sum, [pid, ms]) => sum + ms - (last.postgres.get(pid) ?? ms), 0)),
        other: 0,
      };
      slice.other = Math.max(0, pct(now.machine - last.machine) - slice.server - slice.generator - slice.postgres);
      slices.push(slice);
      if (process.env.CPU_DUMP) {
        cpuDump.push([Math.round(performance.timeOrigin + now.at), slice.server, slice.generator, slice.postgres, slice.other].map((x) => Math.round(x)).join(' '));
      }
      last = now;
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return slices;
    },
  };
}

/**
 * The 100 ms stretches of the window in which at least half the commands sent took over 50 ms to be
 * acked, and the CPU split while they lasted against the whole window's: a stall of the server, of
 * this generator or of the machine each leaves a different mark.
 */
function slowStretches(stats: { ackMs: number[]; ackSentAt: number[] }, slices: CpuSlice[]): string {
  const bins = new Map<number, { n: number; slow: number }>();
  stats.ackSentAt.forEach((sentAt, i) => {
    const bin = Math.floor(sentAt / 100);
    const b = bins.get(bin) ?? { n: 0, slow: 0 };
    b.n += 1;
    if (stats.ackMs[i] > 50) b.slow += 1;
    bins.set(bin, b);
  });
  const slowBins = [...bins].filter(([, b]) => b.slow * 2 >= b.n).map(([bin]) => bin).sort((a, b) => a - b);
  const stretches = slowBins.filter((bin, i) => i === 0 || slowBins[i - 1] !== bin - 1).length;
  const split = (of: CpuSlice[]) => {
    const mean = (key: keyof CpuSlice) => of.reduce((a, s) => a + s[key], 0) / Math.max(1, of.length);
    return `server ${fmt(mean('server'))}, generator ${fmt(mean('generator'))}, postgres ${fmt(mean('postgres'))}, other ${fmt(mean('other'))} %`;
  };
  const slow = new Set(slowBins);
  const during = slices.filter((s) => slow.has(Math.floor((s.at - 50) / 100)));
  return (
    `${fmt(slowBins.length / 10, 1)} s in ${fmt(stretches)} stretches (100 ms with half the commands over 50 ms); ` +
    `CPU then: ${split(during)}; whole window: ${split(slices)}`
  );
}

// ---- the run


const dbName = `smoulder_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
await onServer(`CREATE DATABASE ${dbName}`);
console.log(
  `database ${dbName}; ${fmt(PLAYERS)} players on ${THREADS} threads, ramp ${RAMP_S} s, warm-up ${WARMUP_S} s, window ${DURATION_S} s, start=${START}, workers ${WORKERS}, idle ${IDLE_PERCENT}%`,
);

let server: ServerProcess | undefined;
let threads: Array<ReturnType<typeof startThread>> = [];
try {
  server = await startServerProcess(
    { DATABASE_URL: dbUrl.toString(), GUEST_RATE_LIMIT: '1000000000', LOG_LEVEL: 'warn', WORKERS: String(WORKERS) },
    // e.g. SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server alone
    process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  );
  const host = server.host;
  const idle = await processUsage(server.pid);
  const idleMetrics = await scrape(server);

  // Guests, as a browser would start them.
  const t0 = Date.now();
  const players: Array<{ cookie: string; userId: string }> = new Array(PLAYERS);
  await pool([...Array(PLAYERS).keys()], 32, async (i) => {
    const res = await fetch(`http://${host}/api/guest`, { method: 'POST', headers: { origin: `http://${host}` } });
    if (!res.ok) throw new Error(`POST /api/guest: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie()[0].split(';')[0];
    players[i] = { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id };
  });
  console.log(`guests: ${fmt(PLAYERS)} in ${fmt((Date.now() - t0) / 1000, 1)} s (${fmt(PLAYERS / ((Date.now() - t0) / 1000))}/s)`);
  if (START === 'village') {
    // Their games are not loaded until their socket opens, so the saves can be replaced now.
    const db = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: 'memory://' });
    await pool(players, 16, async ({ userId }, i) => {
      const state = midGameVillage(i + 1);
      await writeSave(db.prisma, userId, state, state.version, 0);
    });
    await db.close();
  }

  // Players join over the ramp, dealt round the threads, and play until the end.
  const rampStart = Date.now() + 500;
  const shares: ThreadJob[] = Array.from({ length: THREADS }, () => ({ host, players: [] }));
  players.forEach(({ cookie }, i) =>
    shares[i % THREADS].players.push({ cookie, joinAt: rampStart + (i / PLAYERS) * RAMP_S * 1000, idle: watches(i) }),
  );
  threads = shares.map(startThread);
  const joined: ThreadJoined[] = await Promise.all(threads.map((t) => t.next('joined')));
  // Socket opened → first snapshot (upgrade, session lookup, game load), for those that connected.
  const connectMs = joined.flatMap((j) => j.connectMs);
  const failedConnects = joined.reduce((a, j) => a + j.failed, 0);
  if (process.env.JOIN_DUMP) {
    const joins = joined.flatMap((j) => j.joins).sort((a, b) => a[0] - b[0]);
    await writeFile(process.env.JOIN_DUMP, joins.map(([opened, took]) => `${Math.round(opened - rampStart)} ${Math.round(took)}`).join('\n'));
  }
  const connect = percentiles(connectMs);
  console.log(
    `connected: ${fmt(connectMs.length)} in ${fmt((Date.now() - rampStart) / 1000, 1)} s (${failedConnects} failed after 60 s without a snapshot); ` +
      `socket → snapshot p50 ${fmt(connect.p50, 1)} ms, p99 ${fmt(connect.p99, 1)} ms, max ${fmt(connect.max, 1)} ms`,
  );
  // Where the server spent a join (upper bounds of its histogram buckets), to tell its own time from the queues'.
  const joinMetrics = await scrape(server);
  const stage = (name: string) => {
    const q = (p: number) => bucketQuantile(idleMetrics, joinMetrics, 'smoulder_ws_join_seconds', `stage="${name}"`, p) * 1000;
    return `${name} p50 ≤ ${fmt(q(0.5), 1)} ms, p99 ≤ ${fmt(q(0.99), 1)} ms`;
  };
  console.log(`server side of the joins: ${stage('session')}; ${stage('game')} (of which ${stage('lock')}, ${stage('read')})`);

  await sleep(WARMUP_S * 1000);
  // The server's event loops (each process's main thread) and every thread of this generator.
  const serverLoops = processTree(server.pid).map((pid): [number, number] => [pid, pid]);
  const generatorThreads = (): Array<[number, number]> => readdirSync(`/proc/${process.pid}/task`).map((tid) => [process.pid, Number(tid)]);
  const snap = async () => ({
    usage: await processUsage(server!.pid),
    sched: { server: schedStats(serverLoops), generator: schedStats(generatorThreads()) },
    // The pool opens and closes connections: each snapshot reads the backends alive then.
    pg: await cpuMsOf(await postgresBackends(dbName)),
    machine: await machineCpuMs(),
    gen: process.cpuUsage(),
    metrics: await scrape(server!),
    at: Date.now(),
  });
  const before = await snap();
  const timeline = sampleCpu(server!.pid, dbName);
  for (const t of threads) t.send({ type: 'measure' });
  await sleep(DURATION_S * 1000);
  for (const t of threads) t.send({ type: 'report' });
  const stats = sumReports(await Promise.all(threads.map((t) => t.next('report'))));
  const cpuSlices = await timeline.stop();
  const after = await snap();
  const online = stats.online;
  if (process.env.ACK_DUMP) {
    const lines = stats.ackSentAt.map((at, i) => [Math.round(performance.timeOrigin + at), stats.ackMs[i]] as const).sort((a, b) => a[0] - b[0]);
    await writeFile(process.env.ACK_DUMP, lines.map(([at, took]) => `${at} ${took.toFixed(1)}`).join('\n'));
  }

  // ---- report
  const seconds = (after.at - before.at) / 1000;
  const delta = (name: string) => (after.metrics.get(name) ?? 0) - (before.metrics.get(name) ?? 0);
  const saves = delta('smoulder_save_duration_seconds_count');
  // Writes carrying a player's change; those carrying only what timers did (which a crash does not lose) have no lag.
  const playerSaves = delta('smoulder_save_lag_seconds_count');
  const lagShare = (le: string) => (playerSaves ? delta(`smoulder_save_lag_seconds_bucket{le="${le}"}`) / playerSaves : NaN);
  const serverCpu = (after.usage.cpuMs - before.usage.cpuMs) / (seconds * 1000);
  // A backend started during the window counts whole; one that ended during it is missed.
  let pgMs = 0;
  for (const [pid, ms] of after.pg) pgMs += ms - (before.pg.get(pid) ?? 0);
  const pgCpu = pgMs / (seconds * 1000);
  const genCpu = (after.gen.user + after.gen.system - before.gen.user - before.gen.system) / 1000 / (seconds * 1000);
  const machineBusy = (after.machine.busy - before.machine.busy) / (seconds * 1000);
  const otherCpu = machineBusy - serverCpu - pgCpu - genCpu;
  // prom-client's collector histogram: its buckets are too coarse for quantiles, its sum and count are exact.
  const gcLine = (kind: string) => {
    const n = delta(`nodejs_gc_duration_seconds_count{kind="${kind}"}`);
    const sum = delta(`nodejs_gc_duration_seconds_sum{kind="${kind}"}`);
    const over = n - delta(`nodejs_gc_duration_seconds_bucket{le="0.01",kind="${kind}"}`);
    return `${kind} ${fmt(n / seconds, 1)}/s, mean ${ms((sum / Math.max(1, n)) * 1000)}, ${fmt(over)} over 10 ms, ${fmt((sum / seconds) * 100, 1)}% of the time`;
  };
  // Time a thread was ready to run but every core was taken: the box's share of the latencies.
  const queued = (who: 'server' | 'generator') => {
    const waitMs = after.sched[who].waitMs - before.sched[who].waitMs;
    const runMs = after.sched[who].runMs - before.sched[who].runMs;
    const slices = after.sched[who].slices - before.sched[who].slices;
    return `${fmt(waitMs / seconds, 1)} ms/s (${fmt((waitMs / Math.max(1, runMs)) * 100, 1)}% of their running time, mean ${fmt((waitMs / Math.max(1, slices)) * 1000, 0)} µs a wait)`;
  };
  const ack = percentiles(stats.ackMs);
  const patch = percentiles(stats.patchMs);
  const ms = (x: number) => `${fmt(x, 1)} ms`;
  const rejects = [...stats.rejects].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
  const closes = [...stats.closes].map(([code, n]) => `${code}×${n}`).join(', ') || 'none';

  const lines = [
    ['players connected', `${fmt(online)} of ${fmt(PLAYERS)} at the end of the window (unexpected closes: ${closes})`],
    ['commands', `${fmt(stats.sent / seconds, 1)}/s sent, ${fmt(stats.acks / seconds, 1)}/s acked; rejected: ${rejects}`],
    ['command → ack', `p50 ${ms(ack.p50)}, p95 ${ms(ack.p95)}, p99 ${ms(ack.p99)}, max ${ms(ack.max)} (n=${fmt(ack.n)})`],
    ['command → patch', `p50 ${ms(patch.p50)}, p95 ${ms(patch.p95)}, p99 ${ms(patch.p99)}, max ${ms(patch.max)} (n=${fmt(patch.n)})`],
    ['server command time', `mean ${fmt((delta('smoulder_command_duration_seconds_sum') / delta('smoulder_command_duration_seconds_count')) * 1e6, 0)} µs`],
    ['timer wakes', `${fmt(delta('smoulder_game_wakes_total') / seconds)}/s (games woken by their own timers, not by a command)`],
    ['bytes per patch', `${fmt(stats.patchBytes / stats.patches)} (${fmt(stats.patches / seconds)} patches/s received)`],
    ['bytes per snapshot', `${fmt(stats.snapshotBytes / stats.snapshots)}`],
    [
      'server CPU',
      `${fmt(serverCpu * 100, 1)}% of a core = ${fmt((serverCpu * 100 * 1000) / online, 2)}% per 1000 players = ` +
        `${fmt((after.usage.cpuMs - before.usage.cpuMs) / Math.max(1, stats.acks), 2)} ms per acked command (user + system, GC threads included)`,
    ],
    ['server RSS', `${fmt(after.usage.rssBytes / 2 ** 20)} MB (idle ${fmt(idle.rssBytes / 2 ** 20)} MB) = ${fmt((after.usage.rssBytes - idle.rssBytes) / online / 1024, 1)} KB per player`],
    [
      'server heap',
      `${fmt(after.metrics.get('nodejs_heap_size_used_bytes')! / 2 ** 20)} MB used (idle ${fmt(idleMetrics.get('nodejs_heap_size_used_bytes')! / 2 ** 20)} MB) = ` +
        `${fmt((after.metrics.get('nodejs_heap_size_used_bytes')! - idleMetrics.get('nodejs_heap_size_used_bytes')!) / online / 1024, 1)} KB per player, ` +
        `garbage not yet collected included; external + array buffers ${fmt((after.metrics.get('nodejs_external_memory_bytes') ?? 0) / 2 ** 20)} MB`,
    ],
    [
      'generator event-loop lag',
      `p50 ${ms(stats.lag.p50)}, p99 ${ms(stats.lag.p99)}, max ${ms(stats.lag.max)}, the worst of ${THREADS} threads (their own stalls count in the latencies above)`,
    ],
    ['server event-loop lag', `p50 ${ms(after.metrics.get('nodejs_eventloop_lag_p50_seconds')! * 1000)}, p99 ${ms(after.metrics.get('nodejs_eventloop_lag_p99_seconds')! * 1000)}, max ${ms(after.metrics.get('nodejs_eventloop_lag_max_seconds')! * 1000)}`],
    ['waiting for a core', `server event loops ${queued('server')}; generator threads ${queued('generator')}`],
    ['server GC', gcLine('minor') + '; ' + gcLine('major') + '; ' + gcLine('incremental')],
    ['postgres CPU', `${fmt(pgCpu * 100, 1)}% of a core (the backends serving this database)`],
    ['generator CPU', `${fmt(genCpu * 100, 1)}% of a core (this process)`],
    ['machine CPU', `${fmt(machineBusy * 100, 1)}% busy of ${availableParallelism()} cores × 100%; everything else (WAL writer, kernel, other jobs): ${fmt(otherCpu * 100, 1)}%`],
    [
      'saves',
      `${fmt(saves / seconds, 1)}/s in ${fmt(delta('smoulder_save_batch_size_count') / seconds, 1)} statements/s ` +
        `(mean batch ${fmt(delta('smoulder_save_batch_size_sum') / delta('smoulder_save_batch_size_count'), 1)}), ` +
        `mean ${ms((delta('smoulder_save_duration_seconds_sum') / saves) * 1000)} each; ` +
        `failures ${fmt(delta('smoulder_save_failures_total{reason="error"}') + delta('smoulder_save_failures_total{reason="conflict"}'))}; ` +
        `${fmt((playerSaves / Math.max(1, saves)) * 100, 1)}% carried a player's change`,
    ],
    ["player's change → stored", `≤ 0.5 s ${fmt(lagShare('0.5') * 100, 1)}%, ≤ 1 s ${fmt(lagShare('1') * 100, 2)}%, ≤ 1.5 s ${fmt(lagShare('1.5') * 100, 2)}%, ≤ 3 s ${fmt(lagShare('3') * 100, 2)}%`],
    ['slow stretches', slowStretches(stats, cpuSlices)],
  ];
  const width = Math.max(...lines.map(([k]) => k.length));
  console.log(`\n${lines.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n')}`);
} finally {
  // Ending a thread closes its sockets.
  await Promise.all(threads.map((t) => t.stop()));
  await server?.kill('SIGTERM');
  // e.g. SERVER_NODE_ARGS=--trace-gc SERVER_OUTPUT=/tmp/server.log to read the collector's log afterwards
  if (process.env.CPU_DUMP && cpuDump.length) await writeFile(process.env.CPU_DUMP, cpuDump.join('\n'));
  if (server && process.env.SERVER_OUTPUT) await writeFile(process.env.SERVER_OUTPUT, server.output());
  if (!KEEP_DB) await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

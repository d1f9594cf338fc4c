/**
 * One port, two worker processes (WORKERS=2): the front hands each session's connections to one
 * worker, answers /metrics for both, starts a worker again when it dies (its players lose at most
 * the last second, the other worker's players nothing), and a stop — SIGTERM, or the front killed
 * outright — has every worker write its games before it exits. Needs Postgres (DATABASE_URL): the
 * embedded database serves one process only.
 */
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Command, GameState } from '@smoulder/engine';
import { WorkersReadiness } from '@smoulder/protocol';
import { routeOf } from '../../apps/server/src/cluster/routing.ts';
import { buildersVillage } from '../support/fixtures.ts';
import { PlayerClient } from '../support/player-client.ts';
import { processTree, scratchDb, seedPlayer, startServerProcess, type ScratchDb, type ServerProcess } from '../support/server-process.ts';

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const builds = (state: GameState) => total(state.outside.buildings);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The worker pids the front logged when it started serving, by index. */
function workerPids(server: ServerProcess): number[] {
  const line = server.output().split('\n').find((l) => l.includes('serving through workers'));
  return (JSON.parse(line!) as { workers: number[] }).workers;
}

async function untilTrue(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Connects, retrying while the worker it goes to is (re)starting. */
async function reconnect(host: string, cookie: string, timeoutMs = 10_000): Promise<PlayerClient> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await PlayerClient.connect(host, cookie, {}, 2_000);
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(100);
    }
  }
}

/**
 * A path as a new connection (answered by the front) and a kept-alive one (by a worker, asking the
 * front) see it: status and body of each.
 */
async function bothWays(server: ServerProcess, path: string): Promise<Array<{ status: number; body: string }>> {
  const fresh = new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(`http://${server.host}${path}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
  await fetch(`http://${server.host}/healthz`); // a pooled connection, now held by a worker
  const kept = await fetch(`http://${server.host}${path}`);
  return [await fresh, { status: kept.status, body: await kept.text() }];
}

async function metric(server: ServerProcess, name: string): Promise<number[]> {
  return (await bothWays(server, '/metrics')).map(({ body }) => Number(body.split('\n').find((l) => l.startsWith(`${name} `))?.split(' ')[1]));
}

const STEPS: Command[] = [
  { type: 'build', building: 'trap' },
  { type: 'buy', item: 'scales' },
  { type: 'build', building: 'hut' },
];

describe.skipIf(!process.env.DATABASE_URL)('WORKERS=2', () => {
  let db: ScratchDb;
  /** Two players whose sessions go to worker 0, two to worker 1. */
  const byWorker: Array<Array<{ cookie: string }>> = [[], []];
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    db = await scratchDb('smoulder_workers');
    const open = await db.open();
    for (let n = 1; byWorker.some((w) => w.length < 2); n++) {
      const player = await seedPlayer(open, buildersVillage(n));
      const route = routeOf(`GET /ws HTTP/1.1\r\ncookie: ${player.cookie}\r\n\r\n`, '127.0.0.1', 2);
      if (route.to === 'worker' && byWorker[route.index].length < 2) byWorker[route.index].push(player);
    }
    await open.close();
  });
  // Each test starts its own servers: a failed one must not leave its front (and workers) running.
  afterEach(async () => {
    await server?.kill('SIGKILL');
    server = undefined;
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('serves each session from its worker, answers metrics and readiness for both, restarts a dead worker, and writes every game on SIGTERM', async () => {
    server = await startServerProcess({ ...db.env, WORKERS: '2', LOG_LEVEL: 'info', SAVE_DELAY_MS: '1000' });
    const pids = workerPids(server);
    expect(processTree(server.pid).slice(1).sort()).toEqual([...pids].sort());

    const [a, a2] = byWorker[0];
    const [b] = byWorker[1];
    const clientA = await PlayerClient.connect(server.host, a.cookie);
    const clientA2 = await PlayerClient.connect(server.host, a2.cookie);
    const clientB = await PlayerClient.connect(server.host, b.cookie);
    // A second device of player A: the same worker, the same game, every change on both.
    const otherDevice = await PlayerClient.connect(server.host, a.cookie);
    expect(await clientA.request(STEPS[0])).toMatchObject({ type: 'ack' });
    await untilTrue('the other device sees the build', () => builds(otherDevice.state!) === builds(clientA.state!));

    expect(await metric(server, 'smoulder_players_online')).toEqual([3, 3]);
    expect(await metric(server, 'smoulder_ws_connections')).toEqual([4, 4]);
    // Readiness, too, is answered for both: each worker's database and the games it holds.
    for (const ready of await bothWays(server, '/readyz')) {
      expect(ready.status).toBe(200);
      expect(WorkersReadiness.parse(JSON.parse(ready.body))).toEqual({
        status: 'ready',
        workers: [
          { worker: 0, status: 'ready', database: 'postgres', games: 2 },
          { worker: 1, status: 'ready', database: 'postgres', games: 1 },
        ],
      });
    }

    // Worker 0 dies in the middle of play; worker 1's player goes on as if nothing happened.
    for (const step of STEPS) expect(await clientA.request(step)).toMatchObject({ type: 'ack' });
    const ackedA = structuredClone(clientA.state!);
    await sleep(1_200); // older than the save delay: must survive the crash
    process.kill(pids[0], 'SIGKILL');
    for (const client of [clientA, otherDevice, clientA2]) await client.waitClosed();
    for (const step of STEPS) expect(await clientB.request(step)).toMatchObject({ type: 'ack' });
    expect(clientB.open).toBe(true);

    const againA = await reconnect(server.host, a.cookie);
    const againA2 = await reconnect(server.host, a2.cookie);
    expect(builds(againA.state!)).toBe(builds(ackedA));
    expect(againA.state!.stores.scales).toBe(ackedA.stores.scales);
    await untilTrue('worker 0 runs again', () => processTree(server!.pid).length === 3);
    expect(processTree(server.pid)).not.toContain(pids[0]);
    expect(server.output()).toContain('a worker stopped; starting it again');

    // A graceful stop: everybody hears it, every game is written, the front exits cleanly.
    expect(await againA.request(STEPS[1])).toMatchObject({ type: 'ack' });
    expect(await againA2.request(STEPS[0])).toMatchObject({ type: 'ack' });
    const acknowledged = [againA, againA2, clientB].map((c) => structuredClone(c.state!));
    const exit = server.kill('SIGTERM');
    for (const client of [againA, againA2, clientB]) {
      expect(await client.waitClosed()).toMatchObject({ code: 1012 });
      expect(client.notices.at(-1)).toBe('notice.server.restarting');
    }
    expect(await exit).toEqual({ code: 0, signal: null });
    const workersLeft = processTree(server.pid).slice(1);
    expect(workersLeft).toEqual([]);

    server = await startServerProcess(db.env);
    for (const [i, player] of [a, a2, b].entries()) {
      const again = await PlayerClient.connect(server.host, player.cookie);
      expect(again.state!.outside.buildings).toEqual(acknowledged[i].outside.buildings);
      expect(again.state!.stores.scales).toBe(acknowledged[i].stores.scales);
      again.close();
    }
    await server.kill('SIGTERM');
  });

  it('has every worker write its games and stop when the front is killed outright', async () => {
    // Nothing is written behind within the test: whatever the next server shows, the workers' stop wrote.
    server = await startServerProcess({ ...db.env, WORKERS: '2', LOG_LEVEL: 'info', SAVE_DELAY_MS: '600000' });
    const pids = workerPids(server);
    const players = [byWorker[0][1], byWorker[1][1]];
    const clients = await Promise.all(players.map((p) => PlayerClient.connect(server!.host, p.cookie)));
    for (const client of clients) expect(await client.request(STEPS[2])).toMatchObject({ type: 'ack' });
    const acknowledged = clients.map((c) => structuredClone(c.state!));

    await server.kill('SIGKILL');
    for (const client of clients) expect(await client.waitClosed()).toMatchObject({ code: 1012 });
    await untilTrue('both workers exit', () => !pids.some(alive));

    server = await startServerProcess(db.env);
    for (const [i, player] of players.entries()) {
      const again = await PlayerClient.connect(server.host, player.cookie);
      expect(again.state!.outside.buildings).toEqual(acknowledged[i].outside.buildings);
      again.close();
    }
    await server.kill('SIGTERM');
  });
});

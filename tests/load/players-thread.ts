/**
 * One share of the load benchmark's simulated players, run on a worker thread so that this
 * generator's own garbage collections stall only the players of one thread at a time, not all of
 * them (each thread has its own heap and collector). The main thread tells it whom to connect and
 * when to measure; it answers with what it timed. The main thread ends it, and so its sockets.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { humanCommand } from './human-play.ts';
import { PlayerClient } from '../support/player-client.ts';
import type { ThreadJob, ThreadReport, ToThread, ThreadJoined } from './thread-messages.ts';

const PACE_MIN_MS = 2000;
const PACE_MAX_MS = 5000;

const job = (workerData as { job: ThreadJob }).job;
const port = parentPort!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** This thread's performance.now() as epoch ms, the one clock every thread shares. */
const epoch = (at: number) => performance.timeOrigin + at;

let measuring = false;
const report: ThreadReport = {
  type: 'report',
  sent: 0,
  acks: 0,
  rejects: {},
  ackMs: [],
  ackSentAt: [],
  patchMs: [],
  patchBytes: 0,
  patches: 0,
  snapshotBytes: 0,
  snapshots: 0,
  closes: {},
  online: 0,
  lag: { p50: 0, p99: 0, max: 0 },
};
const lag = monitorEventLoopDelay({ resolution: 10 });

const events = {
  answered(_id: string, answer: { type: string; code?: string }, sentAt: number, at: number, patchAt: number | null) {
    if (!measuring) return;
    if (answer.type === 'ack') {
      report.acks += 1;
      report.ackMs.push(at - sentAt);
      report.ackSentAt.push(epoch(sentAt));
      if (patchAt !== null && patchAt >= sentAt) report.patchMs.push(patchAt - sentAt);
    } else {
      report.rejects[answer.code!] = (report.rejects[answer.code!] ?? 0) + 1;
    }
  },
  patch(bytes: number) {
    if (!measuring) return;
    report.patches += 1;
    report.patchBytes += bytes;
  },
  snapshot(bytes: number) {
    report.snapshots += 1;
    report.snapshotBytes += bytes;
  },
  closed(code: number) {
    report.closes[code] = (report.closes[code] ?? 0) + 1;
  },
};

const clients: PlayerClient[] = [];

async function play(client: PlayerClient): Promise<void> {
  await sleep(Math.random() * PACE_MAX_MS);
  while (client.open) {
    const now = client.gameNow();
    const state = client.inFlight === 0 ? client.stateAt(now) : null;
    const command = state ? humanCommand(state, now) : null;
    if (command) {
      client.send(command);
      if (measuring) report.sent += 1;
    }
    await sleep(PACE_MIN_MS + Math.random() * (PACE_MAX_MS - PACE_MIN_MS));
  }
}

port.on('message', (message: ToThread) => {
  if (message.type === 'measure') {
    measuring = true;
    lag.enable();
  } else if (message.type === 'report') {
    measuring = false;
    lag.disable();
    report.online = clients.filter((c) => c.open).length;
    report.lag = { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 };
    port.postMessage(report);
  }
});

// Join over the ramp, each player at its own moment of it, as the whole crowd would.
const joined: ThreadJoined = { type: 'joined', connectMs: [], joins: [], failed: 0 };
await Promise.all(
  job.players.map(async ({ cookie, joinAt, idle }) => {
    await sleep(joinAt - Date.now());
    try {
      const opened = performance.now();
      const client = await PlayerClient.connect(job.host, cookie, events, 60_000);
      const took = performance.now() - opened;
      joined.connectMs.push(took);
      joined.joins.push([epoch(opened), took]);
      clients.push(client);
      if (!idle) void play(client);
    } catch {
      joined.failed += 1;
    }
  }),
);
port.postMessage(joined);

import { fork, type ChildProcess } from 'node:child_process';
import { STATUS_CODES } from 'node:http';
import net from 'node:net';
import type { HttpError, HttpErrorCode, Readiness, WorkersReadiness } from '@smoulder/protocol';
import { AggregatorRegistry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import { tokenMatches } from '../features/metrics/token.ts';
import { Replies } from './replies.ts';
import { header, routeOf } from './routing.ts';
import type { FromWorker, Gathered, MetricsJson, ToWorker } from './messages.ts';

/** A request head larger than this is not HTTP we serve; Node's own limit is the same. */
const MAX_HEAD_BYTES = 16 * 1024;
/** A connection that has not sent its request head by then is dropped. */
const HEAD_TIMEOUT_MS = 10_000;
const RESTART_DELAY_MS = 1_000;
const METRICS_TIMEOUT_MS = 5_000;
/** A worker that has not said whether it is ready by then counts as not (probes time out in seconds). */
const READINESS_TIMEOUT_MS = 2_000;

export interface FrontOptions {
  /** The module each worker runs (this server's main). */
  script: string;
  workers: number;
  port: number;
  host: string;
  metrics: { enabled: boolean; token?: string };
  log: FastifyBaseLogger;
}

export interface Front {
  /** Where it listens (the port is the real one when 0 was asked for). */
  address(): net.AddressInfo;
  /** Process ids of the running workers, by index (0 while one restarts). */
  workerPids(): number[];
  /** Stops accepting, has every worker save its games and exit; resolves when all have. */
  close(): Promise<void>;
}

interface Slot {
  child: ChildProcess | null;
  ready: boolean;
}

/**
 * Spreads one server's players over several worker processes, each a whole server with its own heap
 * and event loop (so a collection in one stalls only its share of the players, and both cores serve
 * sockets). The front owns the listening socket, reads each new connection's first request head,
 * picks the worker (routing.ts) and hands the connection over, head included, through the worker's
 * IPC channel: after that the bytes flow between the client and the worker directly. Workers are
 * ordinary members of the cluster (player locks, forwarding), so a player whose sockets reach two
 * workers is served correctly either way. A worker that dies is started again; its players
 * reconnect as after any crash.
 */
export async function startFront(opts: FrontOptions): Promise<Front> {
  const slots: Slot[] = Array.from({ length: opts.workers }, () => ({ child: null, ready: false }));
  let closing = false;
  let started = false;
  const metricsReplies = new Replies<MetricsJson>();
  const readinessReplies = new Replies<Readiness>();

  function spawn(index: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = fork(opts.script, [], { env: { ...process.env, SMOULDER_WORKER: String(index) } });
      const slot = slots[index];
      slot.child = child;
      slot.ready = false;
      // Spawning, signalling or a send on a closing channel failed: the exit handler below restarts it.
      child.on('error', (err) => opts.log.error({ err, worker: index }, 'a worker process failed'));
      child.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          slot.ready = true;
          resolve();
        } else if (message.type === 'metrics') metricsReplies.answer(message.id, message.metrics);
        else if (message.type === 'readiness') readinessReplies.answer(message.id, message.readiness);
        else if (message.type === 'gather') {
          gather().then(
            (gathered) => child.connected && child.send({ type: 'gathered', id: message.id, ...gathered } satisfies ToWorker),
            (err) => opts.log.error({ err }, 'could not gather the workers’ metrics'),
          );
        } else if (message.type === 'readiness-of-all') {
          void workersReadiness().then(
            (readiness) => child.connected && child.send({ type: 'readiness-of-all', id: message.id, readiness } satisfies ToWorker),
          );
        }
      });
      child.once('exit', (code, signal) => {
        slot.ready = false;
        slot.child = null;
        dropUndelivered(child);
        reject(new Error(`worker ${index} exited while starting (${signal ?? code})`));
        if (closing || !started) return;
        opts.log.error({ worker: index, code, signal }, 'a worker stopped; starting it again');
        setTimeout(() => {
          if (!closing) spawn(index).catch((err) => opts.log.error({ err, worker: index }, 'a worker did not start'));
        }, RESTART_DELAY_MS);
      });
    });
  }

  // One after the other: the first applies the database's migrations, the others find them done.
  try {
    for (let i = 0; i < opts.workers; i++) await spawn(i);
  } catch (err) {
    closing = true;
    for (const { child } of slots) child?.kill('SIGTERM');
    throw err;
  }
  started = true;

  /** The chosen worker, or the next one up while it restarts. */
  function workerAt(index: number): ChildProcess | null {
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[(index + k) % slots.length];
      if (slot.ready && slot.child?.connected) return slot.child;
    }
    return null;
  }

  /**
   * Asks every worker the same question: 'down' for one not up, null for one that did not answer in
   * time (or whose channel closed just as it was asked, which throws on send).
   */
  function askEach<T>(replies: Replies<T>, type: 'metrics' | 'readiness', timeoutMs: number): Promise<Array<T | 'down' | null>> {
    return Promise.all(
      slots.map((slot) => {
        const child = slot.ready ? slot.child : null;
        if (!child?.connected) return 'down' as const;
        return replies.ask((id) => child.send({ type, id } satisfies ToWorker), timeoutMs).catch(() => null);
      }),
    );
  }

  /** Every worker's metrics, summed (or as each metric's aggregator says). */
  async function gather(): Promise<Gathered> {
    const parts = await askEach(metricsReplies, 'metrics', METRICS_TIMEOUT_MS);
    const registry = AggregatorRegistry.aggregate(parts.filter((p) => p !== null && p !== 'down'));
    return { contentType: registry.contentType, text: await registry.metrics() };
  }

  async function answerMetrics(socket: net.Socket, head: string): Promise<void> {
    const authorization = header(head, 'authorization');
    if (!opts.metrics.enabled) return fail(socket, 404, 'request/not_found', 'Route GET:/metrics not found');
    if (opts.metrics.token !== undefined && !tokenMatches(authorization, opts.metrics.token)) {
      return fail(socket, 401, 'auth/required', 'metrics need the bearer token', { 'www-authenticate': 'Bearer' });
    }
    const { contentType, text } = await gather();
    reply(socket, 200, contentType, text);
  }

  /** Every worker's readiness; the whole is ready when all are, still serving (degraded) when some are. */
  async function workersReadiness(): Promise<WorkersReadiness> {
    const answers = await askEach(readinessReplies, 'readiness', READINESS_TIMEOUT_MS);
    const workers = answers.map((answer, worker) => {
      if (answer === 'down') return { worker, status: 'unavailable' as const, reason: 'restarting' };
      return { worker, ...(answer ?? { status: 'unavailable' as const, reason: 'no answer' }) };
    });
    const ready = workers.filter((w) => w.status === 'ready').length;
    return { status: ready === workers.length ? 'ready' : ready > 0 ? 'degraded' : 'unavailable', workers };
  }

  const server = net.createServer((socket) => {
    let head: Buffer = Buffer.alloc(0);
    socket.setTimeout(HEAD_TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    const onData = (chunk: Buffer) => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const complete = head.indexOf('\r\n\r\n') >= 0;
      if (!complete && head.length < MAX_HEAD_BYTES) return;
      socket.off('data', onData);
      socket.pause();
      socket.setTimeout(0);
      if (!complete) return fail(socket, 431, 'request/too_large', 'the request head is too large');
      const text = head.toString('latin1');
      const route = routeOf(text, socket.remoteAddress ?? '', slots.length);
      if (route.to === 'readiness') {
        void workersReadiness().then((answer) =>
          reply(socket, answer.status === 'unavailable' ? 503 : 200, 'application/json; charset=utf-8', JSON.stringify(answer)),
        );
        return;
      }
      if (route.to === 'metrics') {
        answerMetrics(socket, text).catch((err) => {
          opts.log.error({ err }, 'could not gather the workers’ metrics');
          socket.destroy();
        });
        return;
      }
      const worker = workerAt(route.index);
      if (!worker) return fail(socket, 503, 'server/error', 'the server is restarting: try again in a second', { 'retry-after': '1' });
      try {
        worker.send({ type: 'connection', head: text } satisfies ToWorker, socket, { keepOpen: false }, (err) => {
          if (err) socket.destroy();
        });
      } catch {
        socket.destroy(); // the channel closed just now: the client reconnects
      }
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });

  return {
    address: () => server.address() as net.AddressInfo,
    workerPids: () => slots.map((slot) => slot.child?.pid ?? 0),
    async close() {
      closing = true;
      server.close();
      await Promise.all(
        slots.map(({ child }) => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
          return new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          });
        }),
      );
    },
  };
}

/**
 * Node keeps a connection it hands over open until the child acknowledges it, and the ones queued
 * behind it unsent; a child that died first never will, and those clients would wait with nothing
 * answering (no connect timeout in a browser's WebSocket). Closed, they see the connection drop and
 * retry. Node exposes no API for this: these are its child_process internals (Node 20).
 */
function dropUndelivered(child: ChildProcess): void {
  type Held = { handle?: { close?: () => void } } | null | undefined;
  const internals = child as unknown as { _pendingMessage?: Held; _handleQueue?: Held[] | null };
  for (const held of [internals._pendingMessage, ...(internals._handleQueue ?? [])]) held?.handle?.close?.();
}

/** An error in the shape every route of the server answers with (HttpError). */
function fail(socket: net.Socket, status: number, code: HttpErrorCode, message: string, headers: Record<string, string> = {}): void {
  reply(socket, status, 'application/json; charset=utf-8', JSON.stringify({ error: { code, message } } satisfies HttpError), headers);
}

function reply(socket: net.Socket, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    `content-type: ${type}`,
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  // Reading again (into nothing) lets the client's own close reach us, so the socket is freed.
  socket.resume();
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

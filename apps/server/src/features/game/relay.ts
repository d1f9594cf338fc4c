import type { ClientMessage, ServerMessage } from '@smoulder/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { GameMetrics } from '../metrics/metrics.ts';
import { GameElsewhereError, GameUnavailableError, ServerClosingError, type GameHosts } from './game-hosts.ts';
import { RESTART_NOTICE_KEY, type CloseReason, type GameHost, type Subscriber } from './game-host.ts';
import { MAX_PAYLOAD_BYTES, type PgCluster } from './ownership-pg.ts';

/**
 * How a game socket reaches its game, wherever it runs.
 *
 * On the process that owns the player (ownership-pg.ts) a socket joins the game host directly. On
 * any other process the socket is *forwarded*: this process (the socket's edge) sends the client's
 * frames, already checked (size, JSON, schema, rate), to the owner over Postgres NOTIFY, and the
 * owner sends everything its host says to that socket back the same way. The client notices
 * nothing. Forwarding rather than redirecting, because behind an ordinary load balancer a client
 * cannot pick its process, and two devices of one player must be able to play at once wherever
 * each landed.
 *
 * When the owner dies its lock is freed; every edge polls the locks of the players it forwards
 * (one statement per poll for all of them) and takes a freed one over: it loads the game from the
 * save (fencing it, see claimSave), sends the socket a fresh snapshot, and refuses the commands
 * that were on their way to the dead owner (their ack never came, so the client knows they may be
 * lost). A socket on the dead process itself is gone and reconnects, to any process.
 *
 * Wire format, after the cluster's `<from pid>|`: `<msg no>|<part>|<parts>|<kind>|<relay id>|<body>`,
 * split into parts when a body would not fit one NOTIFY. Kinds to an owner: `j` join (body: user
 * id), `f` a client frame, `l` leave. To an edge: `m` a server message, `x` closed (body: reason),
 * `r` refused (body: why).
 */

/** A socket as the game sees it, plus a way to pass on a frame already encoded elsewhere. */
export interface SocketEnd extends Subscriber {
  sendText(text: string): void;
}

/** A socket's way into its game, local or forwarded. */
export interface GameSession {
  receive(message: ClientMessage): void;
  /** The socket closed. */
  leave(): void;
}

/** Runs one client frame against a host: a command, a resync or a ping. */
export function dispatch(host: GameHost, from: Subscriber, message: ClientMessage, metrics?: GameMetrics): void {
  if (message.type === 'command') {
    const started = performance.now();
    const ok = host.command(from, message.id, message.command);
    metrics?.command(message.command.type, ok ? 'ok' : 'rejected', (performance.now() - started) / 1000);
  } else if (message.type === 'resync') from.send(host.snapshot());
  else if (message.type === 'restart') void host.restart(from, message.id);
  else from.send({ type: 'pong', t: message.t, clock: host.clockSync() });
}

async function localSession(hosts: GameHosts, userId: string, end: Subscriber, metrics?: GameMetrics): Promise<GameSession> {
  const host = await hosts.join(userId, end);
  return {
    receive: (message) => dispatch(host, end, message, metrics),
    leave: () => void hosts.leave(host, end),
  };
}

/** Opens sessions: locally when this process runs (or can take) the game, forwarded otherwise. */
export class GameRouter {
  constructor(
    private readonly hosts: GameHosts,
    private readonly metrics?: GameMetrics,
    private readonly relay?: Relay,
  ) {}

  async open(userId: string, end: SocketEnd): Promise<GameSession> {
    try {
      return await localSession(this.hosts, userId, end, this.metrics);
    } catch (err) {
      if (!(err instanceof GameElsewhereError) || !this.relay) throw err;
      return this.relay.open(userId, end);
    }
  }
}

export interface RelayOptions {
  log: FastifyBaseLogger;
  metrics?: GameMetrics;
  /** How often an edge checks whether the owners of its forwarded players are still there. */
  pollMs?: number;
  /** How often an owner checks whether the edges it serves are still there. */
  livenessMs?: number;
  /** How long an edge waits for the owner's first answer to a join. */
  joinTimeoutMs?: number;
  /** How long opening a forwarded session may take in all, retries included. */
  openTimeoutMs?: number;
  /** How long a socket whose owner is restarting waits to take the game over. */
  orphanTimeoutMs?: number;
}

type JoinOutcome = 'ok' | 'refused' | 'retry' | 'timeout';

const RESTART_NOTICE_PREFIX = `{"type":"notice","key":"${RESTART_NOTICE_KEY}"`;

/** A socket of this process whose game runs on another (this process is its edge). */
class EdgeSession implements GameSession {
  state: 'joining' | 'remote' | 'orphaned' | 'switching' | 'local' | 'closed' = 'joining';
  /** Commands sent to the owner and not answered yet. */
  readonly pending = new Set<string>();
  private queued: ClientMessage[] = [];
  private local: GameSession | null = null;
  private settle: ((outcome: JoinOutcome) => void) | null = null;
  private orphanTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly relay: Relay,
    readonly rid: string,
    readonly userId: string,
    readonly owner: number,
    readonly end: SocketEnd,
  ) {}

  joined(timeoutMs: number): Promise<JoinOutcome> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.resolveJoin('timeout'), timeoutMs);
      this.settle = (outcome) => {
        clearTimeout(timer);
        this.settle = null;
        resolve(outcome);
      };
    });
  }

  private resolveJoin(outcome: JoinOutcome): void {
    this.settle?.(outcome);
  }

  receive(message: ClientMessage): void {
    if (this.state === 'local') return this.local!.receive(message);
    if (this.state === 'remote') {
      if (message.type === 'command') this.pending.add(message.id);
      this.relay.post(this.owner, 'f', this.rid, JSON.stringify(message));
    } else if (this.state === 'orphaned' || this.state === 'switching') {
      // The game is between owners: the frame runs once this process has taken it over.
      if (this.queued.length < 200) this.queued.push(message);
    }
  }

  leave(): void {
    const was = this.state;
    this.state = 'closed';
    this.clearOrphan();
    this.relay.forget(this);
    if (was === 'local') this.local!.leave();
    else if (was === 'remote' || was === 'joining') this.relay.post(this.owner, 'l', this.rid, '');
  }

  /** Something the owner's host said to this socket. */
  fromOwner(kind: string, body: string): void {
    if (kind === 'm') {
      if (this.state === 'joining') {
        this.state = 'remote';
        this.resolveJoin('ok');
      }
      if (this.state !== 'remote') return;
      if (body.startsWith('{"type":"ack"') || body.startsWith('{"type":"reject"')) {
        this.pending.delete((JSON.parse(body) as { id: string }).id);
      }
      // The owner is restarting, not this socket's server: this process takes the game over instead.
      if (body.startsWith(RESTART_NOTICE_PREFIX)) return;
      this.end.sendText(body);
    } else if (kind === 'r') {
      if (this.state === 'joining') this.resolveJoin(body === 'error' ? 'refused' : 'retry');
    } else if (kind === 'x') {
      if (this.state === 'joining') return this.resolveJoin('retry');
      if (this.state !== 'remote') return;
      if (body === 'restarting') {
        // The owner is shutting down gracefully and will free the game in a moment: keep the
        // socket and take the game over here.
        this.state = 'orphaned';
        this.orphanTimer = setTimeout(() => this.end.close('restarting'), this.relay.orphanTimeoutMs);
      } else {
        this.state = 'closed';
        this.relay.forget(this);
        this.end.close(body as CloseReason);
      }
    }
  }

  private clearOrphan(): void {
    if (this.orphanTimer) clearTimeout(this.orphanTimer);
    this.orphanTimer = null;
  }

  /** The owner is gone and this process holds the game's lock: run it here. */
  async takeOver(open: () => Promise<GameSession>): Promise<void> {
    if (this.state !== 'remote' && this.state !== 'orphaned') return;
    this.state = 'switching';
    this.clearOrphan();
    for (const id of this.pending) {
      this.end.send({ type: 'reject', id, code: 'server/unavailable', key: 'error.server.unavailable' });
    }
    this.pending.clear();
    let local: GameSession;
    try {
      local = await open();
    } catch (err) {
      this.relay.log.error({ err, userId: this.userId }, 'relay: could not take a game over');
      if (this.state === 'switching') {
        this.state = 'closed';
        this.relay.forget(this);
        this.end.close('moved');
      }
      return;
    }
    if (this.state !== 'switching') return local.leave(); // the socket closed meanwhile
    this.local = local;
    this.state = 'local';
    this.relay.forget(this);
    for (const message of this.queued.splice(0)) local.receive(message);
  }
}

/** A socket on another process whose game runs here (this process is its owner). */
interface Served {
  from: number;
  rid: string;
  userId: string;
  subscriber: Subscriber;
  host: GameHost | null;
  queue: ClientMessage[];
  gone: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Relay {
  private nextRid = 0;
  private nextMsg = 0;
  private readonly edges = new Map<string, EdgeSession>();
  private readonly served = new Map<string, Served>();
  private readonly partial = new Map<string, string[]>();
  private readonly pollTimer: NodeJS.Timeout;
  private readonly livenessTimer: NodeJS.Timeout;
  private polling = false;
  private closing = false;
  readonly log: FastifyBaseLogger;
  readonly orphanTimeoutMs: number;

  constructor(
    private readonly cluster: PgCluster,
    private readonly hosts: GameHosts,
    private readonly options: RelayOptions,
  ) {
    this.log = options.log;
    this.orphanTimeoutMs = options.orphanTimeoutMs ?? 10_000;
    cluster.onMessage((from, payload) => this.receive(from, payload));
    cluster.onLost(() => this.reset());
    this.pollTimer = setInterval(() => void this.poll(), options.pollMs ?? 500);
    this.livenessTimer = setInterval(() => void this.checkEdges(), options.livenessMs ?? 2_000);
    this.pollTimer.unref();
    this.livenessTimer.unref();
  }

  /** Sockets of this process forwarded elsewhere, and sockets elsewhere served here. */
  get counts(): { forwarded: number; served: number } {
    return { forwarded: this.edges.size, served: this.served.size };
  }

  /** Opens a forwarded session to whichever process owns the game (or runs it here once it is free). */
  async open(userId: string, end: SocketEnd): Promise<GameSession> {
    const deadline = Date.now() + (this.options.openTimeoutMs ?? 8_000);
    for (let attempt = 0; ; attempt++) {
      if (this.closing) throw new ServerClosingError('the server is shutting down');
      const owner = this.cluster.up ? await this.cluster.ownerOf(userId) : null;
      if (owner === null || owner === this.cluster.pid) {
        // Free (its owner just let go) or ours (loading here right now): join here.
        try {
          return await localSession(this.hosts, userId, end, this.options.metrics);
        } catch (err) {
          if (!(err instanceof GameElsewhereError)) throw err;
        }
      } else {
        const session = new EdgeSession(this, (this.nextRid++).toString(36), userId, owner, end);
        this.edges.set(session.rid, session);
        const joined = session.joined(this.options.joinTimeoutMs ?? 3_000);
        this.post(owner, 'j', session.rid, userId);
        const outcome = await joined;
        if (outcome === 'ok') return session;
        this.edges.delete(session.rid);
        if (outcome === 'timeout') this.post(owner, 'l', session.rid, '');
        if (outcome === 'refused') throw new GameUnavailableError('the game could not be loaded');
      }
      if (Date.now() > deadline) throw new GameUnavailableError('could not reach the game');
      await sleep(Math.min(50 * 2 ** attempt, 500));
    }
  }

  forget(session: EdgeSession): void {
    if (this.edges.get(session.rid) === session) this.edges.delete(session.rid);
  }

  /** Sends one message to another process, split over several notifications when it is large. */
  post(to: number, kind: string, rid: string, body: string): void {
    const no = (this.nextMsg++).toString(36);
    const budget = MAX_PAYLOAD_BYTES - 64;
    if (body.length * 3 <= budget || Buffer.byteLength(body) <= budget) {
      this.cluster.send(to, `${no}|0|1|${kind}|${rid}|${body}`);
      return;
    }
    // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair: 4 for 2), so parts of budget/3 units fit.
    const step = Math.floor(budget / 3);
    const parts: string[] = [];
    for (let i = 0; i < body.length; ) {
      let stop = Math.min(body.length, i + step);
      const last = body.charCodeAt(stop - 1);
      if (stop < body.length && last >= 0xd800 && last <= 0xdbff) stop -= 1; // never split a surrogate pair
      parts.push(body.slice(i, stop));
      i = stop;
    }
    parts.forEach((part, k) => this.cluster.send(to, `${no}|${k}|${parts.length}|${kind}|${rid}|${part}`));
  }

  private receive(from: number, payload: string): void {
    const fields: string[] = [];
    let at = 0;
    for (let i = 0; i < 5; i++) {
      const bar = payload.indexOf('|', at);
      if (bar < 0) return;
      fields.push(payload.slice(at, bar));
      at = bar + 1;
    }
    const [no, part, parts, kind, rid] = fields;
    let body = payload.slice(at);
    if (parts !== '1') {
      const key = `${from}|${no}`;
      const got = this.partial.get(key) ?? [];
      got.push(body);
      if (Number(part) + 1 < Number(parts)) {
        // Parts of a message whose sender died halfway never complete: do not keep them forever.
        if (!this.partial.has(key) && this.partial.size >= 1_000) this.partial.clear();
        return void this.partial.set(key, got);
      }
      this.partial.delete(key);
      body = got.join('');
    }
    try {
      if (kind === 'm' || kind === 'x' || kind === 'r') this.toEdge(from, kind, rid, body);
      else this.toOwner(from, kind, rid, body);
    } catch (err) {
      this.log.error({ err, kind }, 'relay: could not handle a message from another process');
    }
  }

  private toEdge(from: number, kind: string, rid: string, body: string): void {
    const session = this.edges.get(rid);
    if (session && session.owner === from) return session.fromOwner(kind, body);
    // A socket that is gone or has moved on: the owner may stop serving it.
    if (kind === 'm') this.post(from, 'l', rid, '');
  }

  private toOwner(from: number, kind: string, rid: string, body: string): void {
    const key = `${from}:${rid}`;
    if (kind === 'j') return void this.serve(from, rid, key, body);
    const served = this.served.get(key);
    if (kind === 'l') {
      if (served) this.unserve(key, served);
    } else if (kind === 'f') {
      if (!served) return this.post(from, 'x', rid, 'moved');
      const message = JSON.parse(body) as ClientMessage;
      if (served.host) dispatch(served.host, served.subscriber, message, this.options.metrics);
      else served.queue.push(message);
    }
  }

  private async serve(from: number, rid: string, key: string, userId: string): Promise<void> {
    const served: Served = {
      from,
      rid,
      userId,
      host: null,
      queue: [],
      gone: false,
      subscriber: {
        send: (message: ServerMessage) => this.post(from, 'm', rid, JSON.stringify(message)),
        close: (reason) => {
          served.gone = true;
          if (this.served.get(key) === served) this.served.delete(key);
          this.post(from, 'x', rid, reason);
        },
      },
    };
    this.served.set(key, served);
    try {
      const host = await this.hosts.join(userId, served.subscriber);
      if (served.gone) return void this.hosts.leave(host, served.subscriber);
      served.host = host;
      for (const message of served.queue.splice(0)) dispatch(host, served.subscriber, message, this.options.metrics);
    } catch (err) {
      if (this.served.get(key) === served) this.served.delete(key);
      const why = err instanceof ServerClosingError ? 'closing' : err instanceof GameElsewhereError ? 'elsewhere' : 'error';
      if (why === 'error') this.log.error({ err, userId }, 'relay: could not load a game for another process');
      this.post(from, 'r', rid, why);
    }
  }

  private unserve(key: string, served: Served): void {
    served.gone = true;
    this.served.delete(key);
    if (served.host) void this.hosts.leave(served.host, served.subscriber);
  }

  /** Edge side: takes over the forwarded players whose owner let go of them (died, or shut down). */
  private async poll(): Promise<void> {
    if (this.polling || this.closing || !this.cluster.up) return;
    const waiting = [...this.edges.values()].filter((s) => s.state === 'remote' || s.state === 'orphaned');
    if (waiting.length === 0) return;
    this.polling = true;
    try {
      const users = [...new Set(waiting.map((s) => s.userId))];
      const taken = await this.cluster.acquireMany(users);
      await Promise.all(
        taken.map(async (userId) => {
          const sessions = [...this.edges.values()].filter((s) => s.userId === userId);
          this.log.info({ userId, sockets: sessions.length }, 'relay: the owner let go of a game; taking it over');
          this.options.metrics?.takeover();
          await Promise.all(
            sessions.map((s) => s.takeOver(() => localSession(this.hosts, userId, s.end, this.options.metrics))),
          );
          // Nobody left to play it here: let it go again.
          if (!this.hosts.peek(userId)) await this.cluster.release(userId);
        }),
      );
    } finally {
      this.polling = false;
    }
  }

  /** Owner side: stops serving sockets whose edge process is gone. */
  private async checkEdges(): Promise<void> {
    if (this.served.size === 0 || this.closing) return;
    const pids = [...new Set([...this.served.values()].map((s) => s.from))];
    const alive = await this.cluster.alive(pids);
    for (const [key, served] of this.served) if (!alive.has(served.from)) this.unserve(key, served);
  }

  /** This process lost its cluster connection: every forwarded socket reconnects, every served one is dropped. */
  private reset(): void {
    this.partial.clear();
    for (const session of [...this.edges.values()]) {
      session.state = 'closed';
      session.end.close('moved');
    }
    this.edges.clear();
    for (const [key, served] of [...this.served]) this.unserve(key, served);
  }

  /**
   * Shutdown, before the hosts close: forwarded sockets hear that the server restarts and close
   * (their owner is told by the socket's close); the sockets this process serves are closed with
   * their hosts.
   */
  close(): void {
    this.closing = true;
    clearInterval(this.pollTimer);
    clearInterval(this.livenessTimer);
    for (const session of [...this.edges.values()]) session.end.close('restarting');
  }
}

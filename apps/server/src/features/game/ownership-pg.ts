import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { PlayerOwnership } from './ownership.ts';

/**
 * Several server processes on one Postgres: which one runs a player's game, and how processes
 * talk to each other.
 *
 * Ownership is a session-level advisory lock per player (`pg_try_advisory_lock` on a 64-bit hash
 * of the user id), held on one dedicated connection of this process that never goes through a
 * pool or a transaction-mode pooler (PgBouncer hands server sessions around between transactions,
 * which would scatter session locks). When the process dies, Postgres ends that session and every
 * lock it held is free at once: the other processes take the players over. The same connection
 * LISTENs on this process's channel, `smoulder_node_<backend pid>`; the backend pid is also what
 * `pg_locks` shows as a lock's holder, so "who owns this player" and "where do I send to them" are
 * one lookup, with no registry table to keep up to date.
 *
 * A second dedicated connection sends notifications (one at a time, so what one process sends to
 * another arrives in order; queued messages go together as one statement). Besides its own channel
 * every process listens on `smoulder_all` for broadcasts (`broadcast`/`onBroadcast`).
 *
 * The lock is not a fence by itself: a process whose lock session died may still have a write in
 * flight on its pool. The games are therefore loaded with `claimSave`, which bumps the save's
 * revision, so any write of the previous owner fails its revision check (see game-hosts.ts).
 */

/** The lock key of a player, as SQL over the parameter `$1` (or a column). */
const lockKey = (param: string) => `hashtextextended('smoulder.player:' || ${param}, 0)`;

export const channelOf = (pid: number) => `smoulder_node_${pid}`;

/**
 * The channel every process of the database listens on, for what all of them must hear (a signed-out
 * device's sockets, a deleted player's game): `<from pid>|<topic>|<body>`. The sender skips its own.
 */
export const BROADCAST_CHANNEL = 'smoulder_all';

/** A NOTIFY payload must be shorter than 8000 bytes; this leaves room for the headers. */
export const MAX_PAYLOAD_BYTES = 7_800;

export interface ClusterOptions {
  /** A direct connection string (not through a transaction-mode pooler). */
  url: string;
  log: FastifyBaseLogger;
  /** Wait before reconnecting after the dedicated connection was lost. */
  reconnectMs?: number;
}

export type NotificationHandler = (fromPid: number, payload: string) => void;

/**
 * Server-side keepalives on the dedicated connections, so that Postgres notices a vanished host
 * (no FIN, no RST) within about 11 s and frees its locks; a killed process is noticed at once.
 */
const KEEPALIVE_OPTIONS = '-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=3';

export class PgCluster implements PlayerOwnership {
  readonly fenceSaves = true;
  private lockConn: pg.Client | null = null;
  private sendConn: pg.Client | null = null;
  private myPid: number | null = null;
  private readonly held = new Set<string>();
  /** Players waiting for the next lock statement, and who is waiting for each. */
  private lockQueue = new Map<string, Array<(got: boolean) => void>>();
  private locking = false;
  private outbox: Array<[string, string]> = [];
  private sending: Promise<void> | null = null;
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly lostHandlers: Array<() => void> = [];
  private readonly messageHandlers: NotificationHandler[] = [];
  private readonly broadcastHandlers = new Map<string, NotificationHandler[]>();

  constructor(private readonly options: ClusterOptions) {}

  /** This process's address: the backend pid of its lock connection (null while disconnected). */
  get pid(): number | null {
    return this.myPid;
  }

  get up(): boolean {
    return this.myPid !== null;
  }

  /** Players whose lock this process holds. */
  get owned(): number {
    return this.held.size;
  }

  /** Told when the lock connection was lost: every lock is gone, every game must be given up. */
  onLost(handler: () => void): void {
    this.lostHandlers.push(handler);
  }

  onMessage(handler: NotificationHandler): void {
    this.messageHandlers.push(handler);
  }

  /** Told of every broadcast of `topic` by another process (see `broadcast`). */
  onBroadcast(topic: string, handler: NotificationHandler): void {
    const handlers = this.broadcastHandlers.get(topic) ?? [];
    handlers.push(handler);
    this.broadcastHandlers.set(topic, handlers);
  }

  async start(): Promise<void> {
    const client = (name: string, options: string) =>
      new pg.Client({
        connectionString: this.options.url,
        keepAlive: true,
        keepAliveInitialDelayMillis: 5_000,
        options,
        application_name: `smoulder ${name}`,
      });
    const lockConn = client('ownership', KEEPALIVE_OPTIONS);
    const sendConn = client('relay', KEEPALIVE_OPTIONS);
    for (const conn of [lockConn, sendConn]) {
      conn.on('error', (err) => this.lost(conn, err));
      conn.on('end', () => this.lost(conn));
    }
    try {
      await Promise.all([lockConn.connect(), sendConn.connect()]);
      const { rows } = await lockConn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const pid = rows[0].pid;
      lockConn.on('notification', (msg) =>
        msg.channel === BROADCAST_CHANNEL ? this.receiveBroadcast(msg.payload ?? '') : this.receive(msg.payload ?? ''),
      );
      await lockConn.query(`LISTEN ${channelOf(pid)}`);
      await lockConn.query(`LISTEN ${BROADCAST_CHANNEL}`);
      this.lockConn = lockConn;
      this.sendConn = sendConn;
      this.myPid = pid;
      this.options.log.info({ pid }, 'cluster: holding player locks and listening');
    } catch (err) {
      await Promise.allSettled([lockConn.end(), sendConn.end()]);
      throw err;
    }
  }

  private lost(conn: pg.Client, err?: Error): void {
    if (conn !== this.lockConn && conn !== this.sendConn) return;
    const wasUp = this.myPid !== null;
    const others = [this.lockConn, this.sendConn].filter((c) => c && c !== conn) as pg.Client[];
    this.lockConn = null;
    this.sendConn = null;
    this.myPid = null;
    this.held.clear();
    this.outbox = [];
    for (const other of others) other.end().catch(() => {});
    if (this.closing) return;
    this.options.log.error({ err }, 'cluster: lost the ownership connection; giving up every game and reconnecting');
    if (wasUp) for (const handler of this.lostHandlers) handler();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closing) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.start().catch((err) => {
        this.options.log.error({ err }, 'cluster: could not reconnect');
        this.scheduleReconnect();
      });
    }, this.options.reconnectMs ?? 1_000);
  }

  /**
   * Takes the player's lock if no other process holds it. Players asked for while a lock statement
   * is on its way go together in the next one: the connection runs one statement at a time and each
   * answer waits for a turn of the event loop, so one statement per player could not keep up with a
   * crowd joining under load (bench:load: seconds of queue at 100 joins a second).
   */
  acquire(userId: string): Promise<boolean> {
    if (this.held.has(userId)) return Promise.resolve(true);
    if (!this.lockConn) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiting = this.lockQueue.get(userId);
      if (waiting) waiting.push(resolve);
      else this.lockQueue.set(userId, [resolve]);
      void this.takeQueuedLocks();
    });
  }

  private async takeQueuedLocks(): Promise<void> {
    if (this.locking) return;
    this.locking = true;
    try {
      while (this.lockQueue.size > 0) {
        const batch = this.lockQueue;
        this.lockQueue = new Map();
        const held = new Set(await this.acquireMany([...batch.keys()]));
        for (const [userId, waiters] of batch) for (const resolve of waiters) resolve(held.has(userId));
      }
    } finally {
      this.locking = false;
    }
  }

  /** Tries to take several players at once (one round trip); returns those now held. */
  async acquireMany(userIds: readonly string[]): Promise<string[]> {
    const conn = this.lockConn;
    const wanted = userIds.filter((id) => !this.held.has(id));
    if (!conn || wanted.length === 0) return userIds.filter((id) => this.held.has(id));
    try {
      const { rows } = await conn.query<{ u: string; got: boolean }>(
        `SELECT u, pg_try_advisory_lock(${lockKey('u')}) AS got FROM unnest($1::text[]) AS u`,
        [wanted],
      );
      for (const row of rows) this.took(conn, row.u, row.got);
    } catch (err) {
      this.options.log.error({ err, players: wanted.length }, 'cluster: could not take player locks');
    }
    return userIds.filter((id) => this.held.has(id));
  }

  /** Records a lock taken; advisory locks stack, so a second hold of the same player is undone. */
  private took(conn: pg.Client, userId: string, got: boolean): boolean {
    if (!got) return false;
    if (conn !== this.lockConn) return false; // the session ended meanwhile: the lock is gone with it
    if (this.held.has(userId)) conn.query(`SELECT pg_advisory_unlock(${lockKey('$1')})`, [userId]).catch(() => {});
    this.held.add(userId);
    return true;
  }

  async release(userId: string): Promise<void> {
    if (!this.held.delete(userId)) return;
    const conn = this.lockConn;
    if (!conn) return;
    try {
      await conn.query(`SELECT pg_advisory_unlock(${lockKey('$1')})`, [userId]);
    } catch (err) {
      this.options.log.warn({ err, userId }, 'cluster: could not release a player lock');
    }
  }

  /** The process (its lock connection's backend pid) that holds the player's lock, if any. */
  async ownerOf(userId: string): Promise<number | null> {
    const conn = this.lockConn;
    if (!conn) return null;
    const { rows } = await conn.query<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l, (SELECT ${lockKey('$1')} AS k) AS key
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid::bigint = (key.k >> 32) & 4294967295 AND l.objid::bigint = key.k & 4294967295
        LIMIT 1`,
      [userId],
    );
    return rows[0]?.pid ?? null;
  }

  /** Which of these processes (backend pids) are still connected. */
  async alive(pids: readonly number[]): Promise<Set<number>> {
    const conn = this.lockConn;
    if (!conn || pids.length === 0) return new Set(pids);
    try {
      const { rows } = await conn.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids]);
      return new Set(rows.map((r) => r.pid));
    } catch {
      return new Set(pids); // not sure: assume alive, ask again later
    }
  }

  /**
   * Sends `payload` to the process `toPid`; messages leave in the order they were given, those
   * queued while a statement runs go together in the next one. Payloads must fit MAX_PAYLOAD_BYTES
   * (the relay splits larger ones). Lost silently if the connection is down (the relay's liveness
   * checks notice the rest).
   */
  send(toPid: number, payload: string): void {
    if (!this.sendConn) return;
    this.outbox.push([channelOf(toPid), `${this.myPid}|${payload}`]);
    this.sending ??= this.drain().finally(() => (this.sending = null));
  }

  /**
   * Sends `body` under `topic` to every other process of the database, in order with everything
   * else this process sends. `topic` has no `|`; the body must fit MAX_PAYLOAD_BYTES less the
   * headers. Lost silently if the connection is down.
   */
  broadcast(topic: string, body: string): void {
    if (!this.sendConn) return;
    this.outbox.push([BROADCAST_CHANNEL, `${this.myPid}|${topic}|${body}`]);
    this.sending ??= this.drain().finally(() => (this.sending = null));
  }

  private async drain(): Promise<void> {
    // Whatever the current task still sends (a patch, its notices, the ack) goes in the same statement.
    await Promise.resolve();
    while (this.outbox.length > 0) {
      const conn = this.sendConn;
      if (!conn) return;
      const batch = this.outbox.splice(0, 500);
      try {
        await conn.query('SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS t(c, p)', [
          batch.map((b) => b[0]),
          batch.map((b) => b[1]),
        ]);
      } catch (err) {
        this.options.log.error({ err }, 'cluster: could not send to other processes');
      }
    }
  }

  private receive(payload: string): void {
    const bar = payload.indexOf('|');
    const from = Number(payload.slice(0, bar));
    if (!Number.isInteger(from)) return;
    for (const handler of this.messageHandlers) handler(from, payload.slice(bar + 1));
  }

  private receiveBroadcast(payload: string): void {
    const first = payload.indexOf('|');
    const second = payload.indexOf('|', first + 1);
    if (first < 0 || second < 0) return;
    const from = Number(payload.slice(0, first));
    // Its own broadcast: the sender has already done the work where it stands.
    if (!Number.isInteger(from) || from === this.myPid) return;
    const handlers = this.broadcastHandlers.get(payload.slice(first + 1, second)) ?? [];
    const body = payload.slice(second + 1);
    for (const handler of handlers) {
      try {
        handler(from, body);
      } catch (err) {
        this.options.log.error({ err }, 'cluster: could not handle a broadcast');
      }
    }
  }

  /** Sends what is queued, then ends both connections (which frees every lock this process holds). */
  async stop(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.sending;
    const conns = [this.lockConn, this.sendConn].filter(Boolean) as pg.Client[];
    this.lockConn = null;
    this.sendConn = null;
    this.myPid = null;
    this.held.clear();
    await Promise.allSettled(conns.map((c) => c.end()));
  }
}

import fp from 'fastify-plugin';
import type { FrameLimits } from './frame-limiter.ts';
import { GameHosts } from './game-hosts.ts';
import { ProcessHeartbeat } from './heartbeat.ts';
import { singleProcessOwnership, type PlayerOwnership } from './ownership.ts';
import { PgCluster } from './ownership-pg.ts';
import { GameRouter, Relay } from './relay.ts';
import socketRoute, { CLOSE } from './socket-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    games: GameHosts;
    /** Several processes on one Postgres; null when this process owns every player. */
    gameCluster: PgCluster | null;
  }
}

/** Broadcast topics between processes (ownership-pg.ts): sockets to close, players deleted. */
const CLOSE_TOPIC = 'close';
const FORGET_TOPIC = 'forget';

export interface GameOptions {
  /** The web build this process serves: every snapshot names it (protocol's SnapshotMessage). */
  build?: string;
  saveDelayMs: number;
  timerSaveDelayMs?: number;
  /** How often this process records itself alive (heartbeat.ts); 250 ms by default. */
  heartbeatMs?: number;
  unloadGraceMs: number;
  /** GameHosts' `maxGames`. */
  maxGames?: number;
  allowedOrigins: string[];
  /** How fast one socket may send frames. */
  frameLimits: FrameLimits;
  ownership?: PlayerOwnership;
  /**
   * Several processes on one Postgres: players are owned through advisory locks on a dedicated
   * connection to `url` (direct, not through a transaction-mode pooler) and sockets reaching
   * another process are forwarded to the owner (ownership-pg.ts, relay.ts).
   */
  cluster?: { url: string };
  wallNow?: () => number;
}

/** The game hosts and the socket that reaches them; every game is written before the app closes. */
export default fp<GameOptions>(
  async (app, opts) => {
    const cluster = opts.cluster && !opts.ownership ? new PgCluster({ url: opts.cluster.url, log: app.log }) : null;
    if (cluster) await cluster.start();
    const heartbeat = new ProcessHeartbeat(app.db.prisma, { everyMs: opts.heartbeatMs ?? 250, log: app.log });
    await heartbeat.start();
    const hosts = new GameHosts(app.db.prisma, {
      build: opts.build,
      saveDelayMs: opts.saveDelayMs,
      timerSaveDelayMs: opts.timerSaveDelayMs,
      processId: heartbeat.id,
      onReplay: (wallMs) => app.metrics.replayed(wallMs / 1000),
      unloadGraceMs: opts.unloadGraceMs,
      maxGames: opts.maxGames,
      log: app.log,
      ownership: opts.ownership ?? cluster ?? singleProcessOwnership,
      wallNow: opts.wallNow,
      milestones: app.analytics,
      onWrite: (report) =>
        report.ok
          ? app.metrics.saved(report.ms / 1000, report.lagMs === null ? null : report.lagMs / 1000)
          : app.metrics.saveFailed(report.conflict ? 'conflict' : 'error'),
      onSaveBatch: (size) => app.metrics.saveBatch(size),
      onWake: () => app.metrics.woke(),
      onFull: () => app.metrics.full(),
      onLoad: (lockSeconds, readSeconds) => {
        app.metrics.joined('lock', lockSeconds);
        app.metrics.joined('read', readSeconds);
      },
      onForget: cluster ? (userId) => cluster.broadcast(FORGET_TOPIC, userId) : undefined,
    });
    app.decorate('games', hosts);
    app.decorate('gameCluster', cluster);
    const relay = cluster ? new Relay(cluster, hosts, { log: app.log, metrics: app.metrics }) : undefined;
    if (cluster) {
      // A device signed out or an account deleted on another process: its sockets here close too
      // (features/accounts/socket-closes.ts), and a deleted player's game here is dropped unwritten.
      app.sessions.shareClosesOver({
        publish: (payload) => cluster.broadcast(CLOSE_TOPIC, payload),
        subscribe: (handler) => cluster.onBroadcast(CLOSE_TOPIC, (_from, payload) => handler(payload)),
      });
      cluster.onBroadcast(FORGET_TOPIC, (_from, userId) => void hosts.forgetHere(userId));
    }
    // Lost the ownership connection: its locks are gone, so are this process's claims on its games.
    cluster?.onLost(() => void hosts.evictAll());
    if (cluster && relay) {
      app.metrics.countCluster(() => ({ connected: cluster.up, owned: cluster.owned, ...relay.counts }));
    }
    app.metrics.countGames(() => ({ loaded: hosts.loaded, online: hosts.online }));
    // On shutdown (SIGTERM): every game socket hears `notice.server.restarting` and is closed with
    // 1012 before the final writes, so no command lands after them. @fastify/websocket is told (in
    // app.ts) to leave the sockets to us; any socket without a game yet is closed here too.
    app.addHook('preClose', async () => {
      relay?.close();
      await hosts.closeAll();
      for (const client of app.websocketServer.clients) client.close(CLOSE.restart, 'server restarting');
      // Last: the hosts' final messages to other processes go out, then the locks are let go.
      await cluster?.stop();
      await heartbeat.stop();
    });
    await app.register(socketRoute, {
      hosts,
      router: new GameRouter(hosts, app.metrics, relay),
      allowedOrigins: opts.allowedOrigins,
      frameLimits: opts.frameLimits,
      metrics: app.metrics,
      analytics: app.analytics,
    });
  },
  { name: 'game', fastify: '5.x', dependencies: ['database', 'sessions', 'metrics', 'analytics'] },
);

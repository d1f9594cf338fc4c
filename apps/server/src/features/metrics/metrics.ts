import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the game side reports; every method is cheap (a counter bump or a histogram bucket). */
export interface GameMetrics {
  /** A command frame was handled (applied or refused by the rules), taking `seconds` on the server. */
  command(type: string, outcome: 'ok' | 'rejected', seconds: number): void;
  /** A client frame was answered with an error or reject before reaching the game. */
  frameRefused(code: string): void;
  /** A socket was closed by the server for misbehaving (`flood`, `too_large`). */
  socketKicked(reason: string): void;
  /** The socket reported an error (a protocol violation, an oversized message, a reset). */
  socketError(): void;
  socketOpened(): void;
  socketClosed(): void;
  /**
   * A game socket got through a stage of joining: its session looked up, its game reached (loaded or
   * found: `game`), and within a load the player's lock taken (`lock`) and the save read (`read`).
   */
  joined(stage: JoinStage, seconds: number): void;
  /**
   * A game was written: how long the write took and how long its oldest change a crash would lose
   * had waited (null: it carried only its timers' changes, which a crash does not lose).
   */
  saved(seconds: number, lagSeconds: number | null): void;
  saveFailed(reason: 'error' | 'conflict'): void;
  /** Games written by one statement. */
  saveBatch(size: number): void;
  /** This process took a game over from another whose hold on it ended (died, lost its database session, stopped). */
  takeover(): void;
  /** A game was run on past its save as it loaded, its process having died `seconds` after the write. */
  replayed(seconds: number): void;
  /** A loaded game was woken by its own timers (not by a command or a socket). */
  woke(): void;
  /** A player was turned away: this process already runs `MAX_GAMES` games. */
  full(): void;
}

export type JoinStage = 'session' | 'game' | 'lock' | 'read';

/** Several processes on one Postgres (ownership-pg.ts, relay.ts). */
export interface ClusterCounts {
  /** The dedicated ownership connection is up. */
  connected: boolean;
  /** Players whose advisory lock this process holds. */
  owned: number;
  /** Sockets on this process whose game runs on another. */
  forwarded: number;
  /** Sockets on other processes whose game runs here. */
  served: number;
}

export interface GameCounts {
  loaded: number;
  online: number;
}

/**
 * The server's Prometheus metrics, in a registry of their own (so several apps in one test process
 * do not collide): the process's defaults (CPU, memory, event-loop lag, GC) plus the game's.
 * Rates (commands per second, saves per second) are `rate()` over the counters.
 */
export class Metrics implements GameMetrics {
  readonly registry = new Registry();
  private games: () => GameCounts = () => ({ loaded: 0, online: 0 });
  private cluster: () => ClusterCounts = () => ({ connected: false, owned: 0, forwarded: 0, served: 0 });

  private readonly commands = new Counter({
    name: 'smoulder_commands_total',
    help: 'Game commands handled, by command type and outcome (ok or rejected by the rules).',
    labelNames: ['type', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly commandSeconds = new Histogram({
    name: 'smoulder_command_duration_seconds',
    help: 'Server time from a command frame arriving to its ack or reject being sent.',
    buckets: [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
    registers: [this.registry],
  });
  private readonly refused = new Counter({
    name: 'smoulder_ws_frames_refused_total',
    help: 'Client frames answered with an error or reject before reaching a game, by error code.',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  private readonly kicked = new Counter({
    name: 'smoulder_ws_kicked_total',
    help: 'Sockets the server closed for misbehaving, by reason.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly wsErrors = new Counter({
    name: 'smoulder_ws_errors_total',
    help: 'Errors reported by game sockets (protocol violations, oversized messages, resets).',
    registers: [this.registry],
  });
  private readonly sockets = new Gauge({
    name: 'smoulder_ws_connections',
    help: 'Open game sockets.',
    registers: [this.registry],
  });
  private readonly joinSeconds = new Histogram({
    name: 'smoulder_ws_join_seconds',
    help: 'Time a new game socket spends on each stage of joining: session (looking up its cookie), game (taking ownership and loading the save, or finding it loaded); within a load, lock (the advisory lock) and read (claiming the save).',
    labelNames: ['stage'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly saveSeconds = new Histogram({
    name: 'smoulder_save_duration_seconds',
    help: 'Time to write one game to the database.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly saveLag = new Histogram({
    name: 'smoulder_save_lag_seconds',
    help:
      'Age of the oldest player change (command, replaced state, clock started) a write made durable: what a crash ' +
      'at that moment would have lost. Writes of timer-driven changes alone are not counted (a crash does not lose them).',
    buckets: [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 2, 3, 5, 10],
    registers: [this.registry],
  });
  private readonly saveBatches = new Histogram({
    name: 'smoulder_save_batch_size',
    help: 'Games written by one statement (writes are batched when they pile up).',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200],
    registers: [this.registry],
  });
  private readonly saveFailures = new Counter({
    name: 'smoulder_save_failures_total',
    help: 'Writes that failed (error: retried; conflict: another writer won and the game was dropped).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly takeovers = new Counter({
    name: 'smoulder_cluster_takeovers_total',
    help: 'Games this process took over from another process that let go of them (crash, lost session, shutdown).',
    registers: [this.registry],
  });

  private readonly wakes = new Counter({
    name: 'smoulder_game_wakes_total',
    help: 'Times a loaded game was woken by its own timers rather than by a command or a socket (income alone wakes it at most every 10 s of play).',
    registers: [this.registry],
  });

  private readonly turnedAway = new Counter({
    name: 'smoulder_games_refused_full_total',
    help: 'Players turned away because this process already ran MAX_GAMES games (they retry, and may reach another process).',
    registers: [this.registry],
  });

  private readonly replays = new Histogram({
    name: 'smoulder_replay_seconds',
    help: 'Games run on past their save as they loaded (their process died): wall time between the write and its last heartbeat.',
    buckets: [0.25, 0.5, 1, 2, 5, 10, 15, 30],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const metrics = this;
    const clusterGauge = (name: string, help: string, read: (c: ClusterCounts) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read(metrics.cluster()));
        },
      });
    clusterGauge('smoulder_cluster_connected', '1 while the dedicated ownership connection (advisory locks, LISTEN) is up.', (c) => (c.connected ? 1 : 0));
    clusterGauge('smoulder_cluster_players_owned', 'Players whose advisory lock this process holds.', (c) => c.owned);
    clusterGauge('smoulder_cluster_sockets_forwarded', 'Game sockets on this process whose game another process runs.', (c) => c.forwarded);
    clusterGauge('smoulder_cluster_sockets_served', 'Game sockets on other processes whose game this process runs.', (c) => c.served);
    new Gauge({
      name: 'smoulder_games_loaded',
      help: 'Games held in memory by this process.',
      registers: [this.registry],
      collect() {
        this.set(metrics.games().loaded);
      },
    });
    new Gauge({
      name: 'smoulder_players_online',
      help: 'Players with at least one open game socket.',
      registers: [this.registry],
      collect() {
        this.set(metrics.games().online);
      },
    });
  }

  /** Where the games gauges read from, called at each scrape. */
  countGames(source: () => GameCounts): void {
    this.games = source;
  }

  /** Where the cluster gauges read from, called at each scrape. */
  countCluster(source: () => ClusterCounts): void {
    this.cluster = source;
  }

  takeover(): void {
    this.takeovers.inc();
  }

  command(type: string, outcome: 'ok' | 'rejected', seconds: number): void {
    this.commands.inc({ type, outcome });
    this.commandSeconds.observe(seconds);
  }

  frameRefused(code: string): void {
    this.refused.inc({ code });
  }

  socketKicked(reason: string): void {
    this.kicked.inc({ reason });
  }

  socketError(): void {
    this.wsErrors.inc();
  }

  socketOpened(): void {
    this.sockets.inc();
  }

  socketClosed(): void {
    this.sockets.dec();
  }

  joined(stage: JoinStage, seconds: number): void {
    this.joinSeconds.observe({ stage }, seconds);
  }

  saved(seconds: number, lagSeconds: number | null): void {
    this.saveSeconds.observe(seconds);
    if (lagSeconds !== null) this.saveLag.observe(lagSeconds);
  }

  replayed(seconds: number): void {
    this.replays.observe(seconds);
  }

  saveFailed(reason: 'error' | 'conflict'): void {
    this.saveFailures.inc({ reason });
  }

  saveBatch(size: number): void {
    this.saveBatches.observe(size);
  }

  woke(): void {
    this.wakes.inc();
  }

  full(): void {
    this.turnedAway.inc();
  }
}

import { advance, migrate, type GameState } from '@smoulder/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { GameHost, SaveLead, type KeyMoment, type Subscriber, type WriteReport } from './game-host.ts';
import type { PlayerOwnership } from './ownership.ts';
import { startNewGame, type MilestoneSink } from './new-game.ts';
import { SaveBatcher } from './save-batcher.ts';
import { claimSave, loadSave, readSaveForHost, writeSave, writeSaves, type HostSave } from './save-repo.ts';
import { recordFinishedGame } from './finished-games-repo.ts';

export class GameUnavailableError extends Error {}

/** Where the games' key moments go to be kept (the save history, registered after the hosts). */
export type KeyMomentSink = (userId: string, moment: KeyMoment, state: GameState) => void;

/** The server is shutting down: the client should come back in a moment. */
export class ServerClosingError extends GameUnavailableError {}

/** Another process runs this game (see relay.ts for reaching it). */
export class GameElsewhereError extends GameUnavailableError {}

export interface GameHostsOptions {
  /** The web build this process serves (GameHost's `build`). */
  build?: string;
  saveDelayMs: number;
  /** How soon changes made by the games' own timers are written (GameHost's `timerSaveDelayMs`). */
  timerSaveDelayMs?: number;
  /**
   * This process's id in `server_heartbeats` (heartbeat.ts): saves of running games name it, so a
   * process loading one after this one died can run the game on to its last beat. Without it no
   * save names a process, and a crash loses what timers did since the last write.
   */
  processId?: string | null;
  unloadGraceMs: number;
  /**
   * At most this many games loaded (or loading) at once; 0 or none: no limit. Each holds its
   * player's advisory lock, and a Postgres whose lock table is full fails more than new locks: new
   * connections and the saves of games already running (docs/operations.md, "Advisory locks").
   */
  maxGames?: number;
  log: FastifyBaseLogger;
  ownership: PlayerOwnership;
  wallNow?: () => number;
  /** Told after every write of any game (metrics). */
  onWrite?: (report: WriteReport) => void;
  /** Told the number of games in every statement that writes them (metrics). */
  onSaveBatch?: (size: number) => void;
  /** Told each time a player is turned away because `maxGames` are loaded (metrics). */
  onFull?: () => void;
  /** Told each time a game's own timer wakes it (metrics). */
  onWake?: () => void;
  /** Told how long each load took to take the player's lock and then to read (claim) the save (metrics). */
  onLoad?: (lockSeconds: number, readSeconds: number) => void;
  /** Told of every game run on past its save on loading, the process that ran it having died (metrics). */
  onReplay?: (wallMs: number) => void;
  /** Told of every milestone a game reaches, `new_game` included (analytics). */
  milestones?: MilestoneSink;
  /** Seeds for the games that follow a won one (random by default; tests fix them). */
  newSeed?: () => number;
  /** A player was forgotten here (account deleted): tell the other processes, which may run their game. */
  onForget?: (userId: string) => void;
}

/** The games this process runs: loaded on a player's first socket, unloaded after the last. */
export class GameHosts {
  private readonly hosts = new Map<string, GameHost>();
  private readonly loading = new Map<string, Promise<GameHost>>();
  private readonly unloadTimers = new Map<string, NodeJS.Timeout>();
  /** Set by closeAll: no game loads or unloads any more. */
  private closing = false;
  private readonly saveLead = new SaveLead();
  /** Every game of this process is written through one batcher: many per statement under load. */
  private readonly saves: SaveBatcher;
  private keyMoments: KeyMomentSink | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: GameHostsOptions,
  ) {
    this.saves = new SaveBatcher((writes) => writeSaves(this.prisma, writes, options.processId ?? null), {
      maxInFlight: 4,
      maxBatch: 200,
      gatherMs: 20,
      onBatch: options.onSaveBatch,
    });
  }

  get loaded(): number {
    return this.hosts.size;
  }

  /** Players with at least one socket on a loaded game. */
  get online(): number {
    let count = 0;
    for (const host of this.hosts.values()) if (host.subscriberCount > 0) count += 1;
    return count;
  }

  /** Keeps the key moments (before lift-off, the ending) of every game, loaded now or later, with `sink`. */
  keepKeyMomentsWith(sink: KeyMomentSink): void {
    this.keyMoments = sink;
  }

  peek(userId: string): GameHost | undefined {
    return this.hosts.get(userId);
  }

  /** Every game loaded in this process (the save history's 10-minute snapshots look at them). */
  loadedHosts(): IterableIterator<GameHost> {
    return this.hosts.values();
  }

  /**
   * Puts `state` in place of the player's game (a restore or an import). A loaded game switches at
   * once on every socket (its host sends each a fresh snapshot) and is written; an unloaded one is
   * written straight to its save, checked against its revision.
   */
  async replaceState(userId: string, state: GameState): Promise<void> {
    await this.loading.get(userId)?.catch(() => {});
    const host = this.hosts.get(userId);
    if (host && !host.hasConflict) {
      host.replace(state);
      await host.flush();
      return;
    }
    const saved = await loadSave(this.prisma, userId);
    if (!saved) throw new GameUnavailableError('this player has no game');
    await writeSave(this.prisma, userId, state, state.version, saved.revision);
  }

  /**
   * The player was deleted: their game is dropped without another write, here and on any other
   * process that runs it (their sockets are closed by the caller).
   */
  async forget(userId: string): Promise<void> {
    this.options.onForget?.(userId);
    await this.forgetHere(userId);
  }

  /** `forget` on this process only (another process told us). */
  async forgetHere(userId: string): Promise<void> {
    await this.loading.get(userId)?.catch(() => {});
    const timer = this.unloadTimers.get(userId);
    if (timer) clearTimeout(timer);
    this.unloadTimers.delete(userId);
    const host = this.hosts.get(userId);
    if (!host) return;
    host.abandon();
    this.drop(host);
  }

  async join(userId: string, subscriber: Subscriber): Promise<GameHost> {
    if (this.closing) throw new ServerClosingError('the server is shutting down');
    const host = await this.acquire(userId);
    if (this.closing) throw new ServerClosingError('the server is shutting down');
    const timer = this.unloadTimers.get(userId);
    if (timer) clearTimeout(timer);
    this.unloadTimers.delete(userId);
    host.attach(subscriber);
    return host;
  }

  async leave(host: GameHost, subscriber: Subscriber): Promise<void> {
    try {
      await host.detach(subscriber);
    } catch {
      // logged by the host; the unload below retries the write
    }
    if (this.closing || host.subscriberCount > 0 || this.hosts.get(host.userId) !== host) return;
    const timer = setTimeout(() => void this.unload(host), this.options.unloadGraceMs);
    this.unloadTimers.set(host.userId, timer);
  }

  private async unload(host: GameHost): Promise<void> {
    this.unloadTimers.delete(host.userId);
    if (host.subscriberCount > 0) return;
    try {
      await host.flush();
    } catch {
      if (!host.hasConflict) {
        // keep it loaded rather than lose changes; try again after another grace period
        this.unloadTimers.set(host.userId, setTimeout(() => void this.unload(host), this.options.unloadGraceMs));
        return;
      }
    }
    this.drop(host);
  }

  private drop(host: GameHost): void {
    host.dispose();
    // Only the current host of a player gives up their ownership (a newer one may hold it now).
    if (this.hosts.get(host.userId) !== host) return;
    this.hosts.delete(host.userId);
    void this.options.ownership.release(host.userId);
  }

  /**
   * This process no longer owns its players (its ownership session ended): every socket is closed
   * as "moved" (clients reconnect and reach the new owner), every game written if its save still
   * allows it (the new owner's claim refuses a late write), and forgotten.
   */
  async evictAll(): Promise<void> {
    for (const timer of this.unloadTimers.values()) clearTimeout(timer);
    this.unloadTimers.clear();
    const hosts = [...this.hosts.values()];
    for (const host of hosts) host.closeSubscribers('moved');
    await Promise.allSettled(hosts.map((host) => host.freeze()));
    for (const host of hosts) this.drop(host);
  }

  private acquire(userId: string): Promise<GameHost> {
    const loaded = this.hosts.get(userId);
    if (loaded) return Promise.resolve(loaded);
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = this.load(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    return pending;
  }

  private async load(userId: string): Promise<GameHost> {
    const max = this.options.maxGames ?? 0;
    // The game being loaded is not among `loading` yet: it is added once this first step returns.
    if (max > 0 && this.hosts.size + this.loading.size >= max) {
      this.options.onFull?.();
      throw new GameUnavailableError('this process already runs as many games as it may');
    }
    const started = performance.now();
    if (!(await this.options.ownership.acquire(userId))) {
      throw new GameElsewhereError('this game is running elsewhere');
    }
    const locked = performance.now();
    let saved: HostSave;
    try {
      saved =
        (this.options.ownership.fenceSaves ? await claimSave(this.prisma, userId) : await readSaveForHost(this.prisma, userId)) ??
        { ...(await startNewGame(this.prisma, userId, this.options.milestones)), replay: null };
    } catch (err) {
      void this.options.ownership.release(userId);
      throw err;
    }
    this.options.onLoad?.((locked - started) / 1000, (performance.now() - locked) / 1000);
    let state: GameState = migrate(saved.state);
    // A restart gives the save a new game id; milestones go to the game being played.
    let { gameId } = saved;
    const sink = this.options.milestones;
    if (saved.replay && saved.replay.toClock > state.clock) {
      // The process that ran this game died with changes of its timers unwritten: the engine is
      // deterministic, so running the save on to its last sign of life brings them back.
      const step = advance(state, saved.replay.toClock);
      state = step.state;
      this.options.onReplay?.(saved.replay.wallMs);
      for (const event of step.events) {
        if (event.type === 'milestone') sink?.milestone({ userId, gameId, milestone: event.id, playMs: state.milestones[event.id] ?? state.clock });
      }
    }
    const host = new GameHost(
      userId,
      state,
      saved.revision,
      this.saves,
      {
        build: this.options.build,
        saveDelayMs: this.options.saveDelayMs,
        timerSaveDelayMs: this.options.timerSaveDelayMs,
        saveLead: this.saveLead,
        log: this.options.log,
        wallNow: this.options.wallNow,
        onConflict: (h) => this.onConflict(h),
        onWrite: this.options.onWrite,
        onWake: this.options.onWake,
        onRestart: async (finished) => {
          gameId = await recordFinishedGame(this.prisma, userId, gameId, finished);
        },
        newSeed: this.options.newSeed,
        onKeyMoment: (id, moment, reached) => this.keyMoments?.(id, moment, reached),
        // Play time is the game clock when the engine marked it (the state's own record of it).
        onMilestone: sink
          ? (id, milestone, reached) =>
              sink.milestone({ userId: id, gameId, milestone, playMs: reached.milestones[milestone] ?? reached.clock })
          : undefined,
      },
    );
    this.hosts.set(userId, host);
    return host;
  }

  private onConflict(host: GameHost): void {
    this.drop(host);
    host.closeSubscribers();
  }

  /**
   * Shutdown: every socket hears that the server is restarting and is closed first, so no command
   * can slip in after the final write; then every game is written and forgotten.
   */
  async closeAll(): Promise<void> {
    this.closing = true;
    for (const timer of this.unloadTimers.values()) clearTimeout(timer);
    this.unloadTimers.clear();
    await Promise.allSettled([...this.loading.values()]);
    const hosts = [...this.hosts.values()];
    for (const host of hosts) host.sendOff();
    await Promise.allSettled(hosts.map((host) => host.freeze()));
    for (const host of hosts) this.drop(host);
  }
}

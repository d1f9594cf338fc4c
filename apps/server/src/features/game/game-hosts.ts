import { migrate, type GameState } from '@smoulder/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { GameHost, SaveLead, type Subscriber, type WriteReport } from './game-host.ts';
import type { PlayerOwnership } from './ownership.ts';
import { startNewGame, type MilestoneSink } from './new-game.ts';
import { SaveBatcher } from './save-batcher.ts';
import { loadSave, writeSaves } from './save-repo.ts';

export class GameUnavailableError extends Error {}

/** The server is shutting down: the client should come back in a moment. */
export class ServerClosingError extends GameUnavailableError {}

export interface GameHostsOptions {
  saveDelayMs: number;
  unloadGraceMs: number;
  log: FastifyBaseLogger;
  ownership: PlayerOwnership;
  wallNow?: () => number;
  /** Told after every write of any game (metrics). */
  onWrite?: (report: WriteReport) => void;
  /** Told the number of games in every statement that writes them (metrics). */
  onSaveBatch?: (size: number) => void;
  /** Told of every milestone a game reaches, `new_game` included (analytics). */
  milestones?: MilestoneSink;
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

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: GameHostsOptions,
  ) {
    this.saves = new SaveBatcher((writes) => writeSaves(this.prisma, writes), {
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

  peek(userId: string): GameHost | undefined {
    return this.hosts.get(userId);
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
    if (this.hosts.get(host.userId) === host) this.hosts.delete(host.userId);
    void this.options.ownership.release(host.userId);
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
    if (!(await this.options.ownership.acquire(userId))) {
      throw new GameUnavailableError('this game is running elsewhere');
    }
    const saved = (await loadSave(this.prisma, userId)) ?? (await startNewGame(this.prisma, userId, this.options.milestones));
    const state: GameState = migrate(saved.state);
    const { gameId } = saved;
    const sink = this.options.milestones;
    const host = new GameHost(
      userId,
      state,
      saved.revision,
      this.saves,
      {
        saveDelayMs: this.options.saveDelayMs,
        saveLead: this.saveLead,
        log: this.options.log,
        wallNow: this.options.wallNow,
        onConflict: (h) => this.onConflict(h),
        onWrite: this.options.onWrite,
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

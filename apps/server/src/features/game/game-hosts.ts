import { migrate, type GameState } from '@smoulder/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { GameHost, type Subscriber } from './game-host.ts';
import type { PlayerOwnership } from './ownership.ts';
import { startNewGame } from './new-game.ts';
import { loadSave, writeSave } from './save-repo.ts';

export class GameUnavailableError extends Error {}

export interface GameHostsOptions {
  saveDelayMs: number;
  unloadGraceMs: number;
  log: FastifyBaseLogger;
  ownership: PlayerOwnership;
  wallNow?: () => number;
}

/** The games this process runs: loaded on a player's first socket, unloaded after the last. */
export class GameHosts {
  private readonly hosts = new Map<string, GameHost>();
  private readonly loading = new Map<string, Promise<GameHost>>();
  private readonly unloadTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly options: GameHostsOptions,
  ) {}

  get loaded(): number {
    return this.hosts.size;
  }

  peek(userId: string): GameHost | undefined {
    return this.hosts.get(userId);
  }

  async join(userId: string, subscriber: Subscriber): Promise<GameHost> {
    const host = await this.acquire(userId);
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
    if (host.subscriberCount > 0 || this.hosts.get(host.userId) !== host) return;
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
    const saved = (await loadSave(this.prisma, userId)) ?? (await startNewGame(this.prisma, userId));
    const state: GameState = migrate(saved.state);
    const host = new GameHost(
      userId,
      state,
      saved.revision,
      { write: (id, s, version, expected) => writeSave(this.prisma, id, s, version, expected) },
      {
        saveDelayMs: this.options.saveDelayMs,
        log: this.options.log,
        wallNow: this.options.wallNow,
        onConflict: (h) => this.onConflict(h),
      },
    );
    this.hosts.set(userId, host);
    return host;
  }

  private onConflict(host: GameHost): void {
    this.drop(host);
    host.closeSubscribers();
  }

  /** Writes every game and forgets them all (shutdown). */
  async closeAll(): Promise<void> {
    for (const timer of this.unloadTimers.values()) clearTimeout(timer);
    this.unloadTimers.clear();
    await Promise.allSettled([...this.loading.values()]);
    const hosts = [...this.hosts.values()];
    await Promise.allSettled(hosts.map((host) => host.freeze()));
    for (const host of hosts) this.drop(host);
  }
}

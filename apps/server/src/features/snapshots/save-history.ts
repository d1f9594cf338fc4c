import { migrate, MILESTONE_IDS, type GameState } from '@smoulder/engine';
import type { ImportResponse, RestoreResponse, SnapshotInfo, SnapshotReason } from '@smoulder/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { KeyMoment } from '../game/game-host.ts';
import type { GameHosts } from '../game/game-hosts.ts';
import { loadSave } from '../game/save-repo.ts';
import { deleteSnapshotsOf, findSnapshot, insertSnapshot, latestPlayMsOf, listSnapshots, type SnapshotRow } from './repo.ts';
import { snapshotsToKeep } from './retention.ts';

/** An automatic snapshot is taken every this much play (game clock). */
export const AUTO_SNAPSHOT_PLAY_MS = 10 * 60_000;

export interface SaveHistoryOptions {
  log: FastifyBaseLogger;
  wallNow?: () => number;
}

/** The latest milestone a state has reached (by its clock; ties go to the later one in the usual order). */
export function lastMilestoneOf(state: GameState): string | null {
  let best: string | null = null;
  let bestAt = -Infinity;
  let bestRank = -1;
  for (const [id, at] of Object.entries(state.milestones ?? {})) {
    const rank = (MILESTONE_IDS as readonly string[]).indexOf(id);
    if (at > bestAt || (at === bestAt && rank > bestRank)) {
      best = id;
      bestAt = at;
      bestRank = rank;
    }
  }
  return best;
}

export function toSnapshotInfo(row: SnapshotRow): SnapshotInfo {
  return {
    id: row.id,
    reason: row.reason as SnapshotReason,
    createdAt: row.createdAt.toISOString(),
    playMs: Number(row.playMs),
    lastMilestone: row.lastMilestone,
  };
}

/**
 * A player's save history: snapshots taken every 10 minutes of play (a sweep over the loaded games),
 * on claim, before an import and before a restore, and at the key moments the game hosts report
 * (just before lift-off, at the ending: `keyMoment`); pruned by the retention policy after each one. Restoring and importing put a state in
 * place of the game through the game hosts, so every open device switches at once.
 */
export class SaveHistory {
  /** Play time (game clock) of each loaded player's latest snapshot, so the sweep knows when the next is due. */
  private readonly lastAt = new Map<string, number>();
  /** One restore, import or snapshot at a time per player. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly hosts: GameHosts,
    private readonly options: SaveHistoryOptions,
  ) {}

  private now(): Date {
    return new Date((this.options.wallNow ?? Date.now)());
  }

  private serial<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const run = previous.catch(() => {}).then(work);
    const settled = run.catch(() => {});
    this.queues.set(userId, settled);
    void settled.then(() => {
      if (this.queues.get(userId) === settled) this.queues.delete(userId);
    });
    return run;
  }

  /** The game as it is now: the loaded host's state (newer than the save by up to a second), else the save. */
  async currentState(userId: string): Promise<GameState | null> {
    const host = this.hosts.peek(userId);
    if (host) return host.currentState;
    const saved = await loadSave(this.prisma, userId);
    return saved ? migrate(saved.state) : null;
  }

  /**
   * Takes a snapshot of the player's game (or of `state` when given) and applies the retention
   * policy. Null when the player has no game.
   */
  take(userId: string, reason: SnapshotReason, state?: GameState): Promise<SnapshotInfo | null> {
    return this.serial(userId, () => this.takeNow(userId, reason, state));
  }

  /**
   * A game host's key moment (the game just before lift-off, the game at its ending), kept in the
   * background: a failure is logged and the game goes on.
   */
  keyMoment(userId: string, moment: KeyMoment, state: GameState): void {
    this.take(userId, moment, state).catch((err) =>
      this.options.log.error({ err, userId, moment }, 'could not take a snapshot of a key moment'),
    );
  }

  private async takeNow(userId: string, reason: SnapshotReason, given?: GameState): Promise<SnapshotInfo | null> {
    const state = given ?? (await this.currentState(userId));
    if (!state) return null;
    const row = await insertSnapshot(this.prisma, {
      userId,
      reason,
      state,
      stateVersion: state.version,
      playMs: state.clock,
      lastMilestone: lastMilestoneOf(state),
    });
    this.lastAt.set(userId, state.clock);
    await this.prune(userId);
    return toSnapshotInfo(row);
  }

  private async prune(userId: string): Promise<void> {
    const rows = await listSnapshots(this.prisma, userId);
    const keep = snapshotsToKeep(rows, this.now());
    await deleteSnapshotsOf(
      this.prisma,
      userId,
      rows.filter((row) => !keep.has(row.id)).map((row) => row.id),
    );
  }

  async list(userId: string): Promise<SnapshotInfo[]> {
    return (await listSnapshots(this.prisma, userId)).map(toSnapshotInfo);
  }

  /** Restores one of the player's snapshots (null: not theirs, or no such snapshot); the game as it was is kept first. */
  restore(userId: string, snapshotId: string): Promise<RestoreResponse | null> {
    return this.serial(userId, async () => {
      const snapshot = await findSnapshot(this.prisma, userId, snapshotId);
      if (!snapshot) return null;
      const state = migrate(snapshot.state);
      const saved = await this.takeNow(userId, 'before_restore');
      if (!saved) return null;
      await this.hosts.replaceState(userId, state);
      this.lastAt.set(userId, state.clock);
      return { restored: snapshot.id, saved };
    });
  }

  /** Puts an imported (already checked and migrated) state in place of the game; the game as it was is kept first. */
  import(userId: string, state: GameState, fromVersion: number): Promise<ImportResponse | null> {
    return this.serial(userId, async () => {
      const saved = await this.takeNow(userId, 'before_import');
      if (!saved) return null;
      await this.hosts.replaceState(userId, state);
      this.lastAt.set(userId, state.clock);
      return { fromVersion, migrated: fromVersion !== state.version, saved };
    });
  }

  /**
   * Every loaded game that has played 10 minutes since its last snapshot gets one. Run every
   * `SWEEP_MS` by the plugin; returns how many were taken.
   */
  async sweep(): Promise<number> {
    let taken = 0;
    const hosts = [...this.hosts.loadedHosts()];
    const loaded = new Set(hosts.map((host) => host.userId));
    for (const userId of this.lastAt.keys()) if (!loaded.has(userId)) this.lastAt.delete(userId);
    // Games loaded since the last sweep: where their latest snapshots stand, in one statement.
    const unknown = hosts.filter((host) => !this.lastAt.has(host.userId)).map((host) => host.userId);
    const latest = unknown.length > 0 ? await latestPlayMsOf(this.prisma, unknown) : new Map<string, number>();
    for (const host of hosts) {
      if (host.hasConflict) continue;
      const { userId } = host;
      const clock = host.currentState.clock;
      let last = this.lastAt.get(userId);
      if (last === undefined) {
        const latestAt = latest.get(userId);
        // A snapshot from further on (before a restore to an earlier point) starts the count afresh.
        last = latestAt === undefined ? 0 : latestAt <= clock ? latestAt : clock;
        this.lastAt.set(userId, last);
      }
      if (clock - last < AUTO_SNAPSHOT_PLAY_MS) continue;
      try {
        if (await this.take(userId, 'auto', host.currentState)) taken += 1;
      } catch (err) {
        this.options.log.error({ err, userId }, 'could not take an automatic snapshot');
      }
    }
    return taken;
  }
}

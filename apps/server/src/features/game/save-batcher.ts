import type { SaveStore } from './game-host.ts';
import { StaleSaveError, type RunningClock, type SaveWrite, type SaveWriteResult } from './save-repo.ts';

interface Pending {
  write: SaveWrite;
  resolve: (revision: number) => void;
  reject: (err: unknown) => void;
}

export interface BatcherOptions {
  /** Batches written at the same time; keep it below the database pool's size. */
  maxInFlight: number;
  /** Most games in one statement. */
  maxBatch: number;
  /** How long the first write of a quiet moment waits for others to join it (0: the same event-loop turn). */
  gatherMs?: number;
  /** Told the size of every batch it starts (metrics). */
  onBatch?: (size: number) => void;
}

/**
 * Writes games for all hosts of a process, many per statement. A write waits `gatherMs` for others
 * to join it (20 ms in the server: a round trip and a commit cost far more than the wait, and the
 * hosts start writes early enough to absorb it), then goes when fewer than `maxInFlight` batches are
 * running; when every slot is busy, writes queue and the next free slot takes up to
 * `maxBatch` of them in one UPDATE (one round trip, one commit). Under load that turns hundreds of
 * commits a second, each waiting for its own WAL flush, into a few.
 *
 * Each write still carries its own revision check: a write whose revision moved fails alone with
 * StaleSaveError, and a failing statement fails only its own batch (the hosts retry).
 */
export class SaveBatcher implements SaveStore {
  private queue: Pending[] = [];
  private running = 0;
  private gathering = false;

  constructor(
    private readonly writeBatch: (writes: SaveWrite[]) => Promise<SaveWriteResult[]>,
    private readonly options: BatcherOptions = { maxInFlight: 4, maxBatch: 200 },
  ) {}

  write(userId: string, state: unknown, stateVersion: number, expectedRevision: number, running: RunningClock | null = null): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write: { userId, state, stateVersion, expectedRevision, running }, resolve, reject });
      // Writes falling due within `gatherMs` of each other go together.
      if (this.gathering) return;
      this.gathering = true;
      const go = () => {
        this.gathering = false;
        this.startBatches();
      };
      if (this.options.gatherMs) setTimeout(go, this.options.gatherMs);
      else setImmediate(go);
    });
  }

  /** Writes waiting for a free slot. */
  get waiting(): number {
    return this.queue.length;
  }

  private startBatches(): void {
    while (this.running < this.options.maxInFlight && this.queue.length > 0) void this.run(this.nextBatch());
  }

  /** The oldest waiting writes, at most one per game (a second write of a game waits for the next batch). */
  private nextBatch(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const users = new Set<string>();
    for (const item of this.queue) {
      if (batch.length < this.options.maxBatch && !users.has(item.write.userId)) {
        users.add(item.write.userId);
        batch.push(item);
      } else rest.push(item);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    this.running += 1;
    this.options.onBatch?.(batch.length);
    try {
      const results = await this.writeBatch(batch.map((b) => b.write));
      batch.forEach(({ write, resolve, reject }, i) => {
        const result = results[i];
        if (result.ok) resolve(result.revision);
        else reject(new StaleSaveError(write.userId, write.expectedRevision, result.currentRevision));
      });
    } catch (err) {
      for (const { reject } of batch) reject(err);
    } finally {
      this.running -= 1;
      this.startBatches();
    }
  }
}

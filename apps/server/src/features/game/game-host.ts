import { advance, apply, nextDueAt, STATE_VERSION, type Command, type GameEvent, type GameState } from '@smoulder/engine';
import type { NoticeMessage, ServerMessage } from '@smoulder/protocol';
import fastJsonPatch from 'fast-json-patch';
import type { FastifyBaseLogger } from 'fastify';
import { GameClock } from './game-clock.ts';
import { StaleSaveError } from './save-repo.ts';

const { compare } = fastJsonPatch;

export interface Subscriber {
  send(message: ServerMessage): void;
  /** Ends the subscriber's connection, e.g. when the game moved elsewhere. */
  close(reason: string): void;
}

/** Where a host keeps its game; implemented over the saves table. */
export interface SaveStore {
  write(userId: string, state: GameState, stateVersion: number, expectedRevision: number): Promise<number>;
}

export interface HostOptions {
  saveDelayMs: number;
  log: FastifyBaseLogger;
  wallNow?: () => number;
  onMilestone?: (userId: string, id: string, state: GameState) => void;
  /** Somebody else wrote this game: the host must be dropped without writing again. */
  onConflict?: (host: GameHost) => void;
}

const RECENT_NOTICES = 30;
/** setTimeout's ceiling; a wake-up further away is simply re-armed when it fires early. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One player's game while any of their sockets is open: the single place their state changes.
 * Commands apply in arrival order (everything here is synchronous between awaits), every change
 * goes to every socket as a numbered patch, one timer wakes the game at its next due-time, and
 * changes are written behind within `saveDelayMs`, checked against the save's revision.
 */
export class GameHost {
  private state: GameState;
  private seq = 0;
  private readonly clock: GameClock;
  private readonly subscribers = new Set<Subscriber>();
  private readonly notices: NoticeMessage[] = [];
  private wakeTimer: NodeJS.Timeout | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  private savedSeq = 0;
  private saving: Promise<void> = Promise.resolve();
  private conflict: StaleSaveError | null = null;

  constructor(
    readonly userId: string,
    state: GameState,
    private revision: number,
    private readonly store: SaveStore,
    private readonly options: HostOptions,
  ) {
    this.state = state;
    this.clock = new GameClock(state.clock, options.wallNow);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  get currentState(): GameState {
    return this.state;
  }

  attach(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
    if (!this.clock.running) this.clock.setRate(this.rate());
    this.tick();
    subscriber.send(this.snapshot());
  }

  /** The last socket leaving stops the clock and writes the game. */
  async detach(subscriber: Subscriber): Promise<void> {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size === 0) await this.freeze();
  }

  clockSync() {
    return this.clock.sync();
  }

  snapshot(): ServerMessage {
    return {
      type: 'snapshot',
      protocol: 1,
      seq: this.seq,
      state: this.state,
      clock: this.clock.sync(),
      notices: [...this.notices],
    };
  }

  /** Runs a player's command; the sender alone hears a refusal, everyone sees the change. */
  command(from: Subscriber, id: string, command: Command): void {
    const result = apply(this.state, command, this.clock.now());
    if (!result.ok) {
      const { code, key, params } = result.error;
      from.send(params ? { type: 'reject', id, code, key, params } : { type: 'reject', id, code, key });
      return;
    }
    this.commit(result.state, result.events);
    from.send({ type: 'ack', id, seq: this.seq });
  }

  /** Brings the game up to the clock (timers due by now) and re-arms the wake-up. */
  tick(): void {
    const step = advance(this.state, this.clock.now());
    this.commit(step.state, step.events);
  }

  private commit(next: GameState, events: GameEvent[]): void {
    const ops = compare(this.state, next);
    this.state = next;
    // Hyper mode is a setting in the game; the clock follows it from this moment on.
    if (this.clock.running) this.clock.setRate(this.rate());
    if (ops.length > 0) {
      this.seq += 1;
      this.broadcast({ type: 'patch', seq: this.seq, ops: ops as never, clock: this.clock.sync() });
      this.scheduleSave();
    }
    for (const event of events) {
      if (event.type === 'notice') {
        const notice: NoticeMessage = { type: 'notice', key: event.key, at: next.clock };
        if (event.params) notice.params = event.params;
        this.notices.push(notice);
        if (this.notices.length > RECENT_NOTICES) this.notices.shift();
        this.broadcast(notice);
      } else {
        this.options.onMilestone?.(this.userId, event.id, next);
      }
    }
    this.armWake();
  }

  private broadcast(message: ServerMessage): void {
    for (const subscriber of this.subscribers) subscriber.send(message);
  }

  private rate(): number {
    return this.state.config.hyperMode ? 2 : 1;
  }

  private armWake(): void {
    this.clearWake();
    const due = nextDueAt(this.state);
    if (due === null || !this.clock.running) return;
    const delay = Math.min(MAX_TIMER_MS, Math.ceil(this.clock.wallDelayUntil(due)));
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.tick();
    }, delay);
  }

  private clearWake(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.flush().catch(() => {});
    }, this.options.saveDelayMs);
  }

  /** Writes the game if it changed since the last write; writes never overlap. */
  flush(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const run = this.saving.then(() => this.write());
    this.saving = run.catch(() => {});
    return run;
  }

  private async write(): Promise<void> {
    if (this.savedSeq === this.seq || this.conflict) return;
    const seq = this.seq;
    const state = this.state;
    try {
      this.revision = await this.store.write(this.userId, state, STATE_VERSION, this.revision);
      this.savedSeq = seq;
    } catch (err) {
      if (err instanceof StaleSaveError) {
        this.conflict = err;
        this.options.log.error({ err, userId: this.userId }, 'the save changed under this host; dropping it');
        this.options.onConflict?.(this);
      } else {
        this.options.log.error({ err, userId: this.userId }, 'could not save a game; retrying');
        this.scheduleSave();
      }
      throw err;
    }
  }

  /** Catches up, stops the clock and writes: the state a shutdown leaves behind. */
  async freeze(): Promise<void> {
    this.tick();
    this.clock.setRate(0);
    this.clearWake();
    await this.flush();
  }

  closeSubscribers(): void {
    for (const subscriber of this.subscribers) subscriber.close('game moved');
    this.subscribers.clear();
  }

  /** Stops every timer; the host must not be used afterwards. */
  dispose(): void {
    this.clearWake();
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  get hasConflict(): boolean {
    return this.conflict !== null;
  }

  /** Unwritten changes, e.g. to decide whether a shutdown may skip this game. */
  get dirty(): boolean {
    return this.savedSeq !== this.seq;
  }
}

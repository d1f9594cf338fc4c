import { randomInt } from 'node:crypto';
import { advance, apply, nextGame, nextWakeAt, shareUnchanged, STATE_VERSION, type Command, type GameEvent, type GameState } from '@smoulder/engine';
import { PROTOCOL_VERSION, type NoticeMessage, type ServerMessage, type SnapshotMessage } from '@smoulder/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { GameClock } from './game-clock.ts';
import { StaleSaveError, type RunningClock } from './save-repo.ts';
import { diffStates } from './state-diff.ts';

/** Why a host ends a subscriber's connection. */
export type CloseReason = 'moved' | 'restarting';

export interface Subscriber {
  send(message: ServerMessage): void;
  /** Ends the subscriber's connection: the game moved elsewhere, or the server is restarting. */
  close(reason: CloseReason): void;
}

/**
 * How a write went, for metrics: its duration and, when it landed, how long the oldest change it
 * carried that a crash would have lost waited (null: it carried none, only timer-driven changes).
 */
export type WriteReport = { ok: true; ms: number; lagMs: number | null } | { ok: false; ms: number; conflict: boolean };

/** Key of the notice every socket hears just before a server restart closes it. */
export const RESTART_NOTICE_KEY = 'notice.server.restarting';

/** Where a host keeps its game; implemented over the saves table. */
export interface SaveStore {
  /** `running`: the clock was running as the state was taken (the save then names this process). */
  write(userId: string, state: GameState, stateVersion: number, expectedRevision: number, running?: RunningClock | null): Promise<number>;
}

/**
 * How early a write must start to land within the save delay. Shared by the hosts of a process (the
 * database and the event loop are shared too): it tracks the time from a write falling due to it
 * landing (timer lateness, gathering into a batch, queueing, the statement), remembering the slowest
 * and forgetting it by half every 10 s, and starts writes twice that early (counting at least 75 ms,
 * for the spikes it has not seen yet), but never earlier than halfway through the delay.
 */
export class SaveLead {
  private lead = 0;
  private at = 0;

  observe(ms: number, now: number): void {
    const faded = this.lead * 0.5 ** (Math.max(0, now - this.at) / 10_000);
    this.lead = Math.max(ms, faded);
    this.at = now;
  }

  /** When to start the write of a change that must be stored within `saveDelayMs`. */
  delay(saveDelayMs: number): number {
    return Math.max(saveDelayMs / 2, saveDelayMs - 10 - 2 * Math.max(75, this.lead));
  }
}

export interface HostOptions {
  /** The web build the process serves, named in every snapshot so that older tabs reload. */
  build?: string;
  /**
   * Every change a crash would lose (a command, a replaced state, the clock starting) is stored
   * within this long (unless the database is slower than half of it).
   */
  saveDelayMs: number;
  /**
   * Changes made by the game's own timers are stored within this long (default 10 s): they follow
   * from the stored game and the time alone, and a process taking over after a crash runs the game
   * on to the moment the dead process was last seen alive (save-repo.ts, `Replay`).
   */
  timerSaveDelayMs?: number;
  /**
   * How long a game with nothing due but income may sleep (game ms, default 10 s). Income ticks
   * every few seconds and moves only what the client computes itself; waking for each was most of
   * the server's timer wakes (docs/operations.md, "Load"). Nothing is lost: the next wake, command
   * or socket runs every missed tick at its own time.
   */
  incomeQuietMs?: number;
  saveLead?: SaveLead;
  log: FastifyBaseLogger;
  wallNow?: () => number;
  onMilestone?: (userId: string, id: string, state: GameState) => void;
  /** Somebody else wrote this game: the host must be dropped without writing again. */
  onConflict?: (host: GameHost) => void;
  onWrite?: (report: WriteReport) => void;
  /** Told each time the game's own timer wakes it (metrics). */
  onWake?: () => void;
  /** A won game is about to give way to the next: keep it on the account first (throws: nothing changes). */
  onRestart?: (finished: GameState) => Promise<void>;
  /** The next game's seed (random by default). */
  newSeed?: () => number;
  /**
   * A moment the save history keeps: the game just before an accepted `lift_off`, and the game as
   * it reached its ending. Told synchronously; the listener stores it in the background.
   */
  onKeyMoment?: (userId: string, moment: KeyMoment, state: GameState) => void;
}

/** The moments of a game the save history keeps a snapshot of (snapshot reasons of the same name). */
export type KeyMoment = 'lift_off' | 'ending';

const RECENT_NOTICES = 30;
export const DEFAULT_TIMER_SAVE_DELAY_MS = 10_000;
export const DEFAULT_INCOME_QUIET_MS = 10_000;

/**
 * The same text as one string. V8 hands back a longer result of JSON.stringify as a tree of pieces
 * (4–5 heap objects for a notice); kept for as long as the game is loaded, each piece is traced by
 * every full collection. Converting a string to a number flattens it in place, and the collector
 * then drops the tree.
 */
function flat(text: string): string {
  Number(text);
  return text;
}
/** setTimeout's ceiling; a wake-up further away is simply re-armed when it fires early. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One player's game while any of their sockets is open: the single place their state changes.
 * Commands apply in arrival order (everything here is synchronous between awaits), what a command
 * changed (with what the timers did since the last one) goes to every socket as a numbered patch,
 * one timer wakes the game at its next due-time (its notices go out then; income alone wakes it at
 * most every `incomeQuietMs`), and
 * changes are written behind, checked against the save's revision: a player's within
 * `saveDelayMs`, the game's own (its timers) within `timerSaveDelayMs`.
 */
export class GameHost {
  private state: GameState;
  /** The game as the sockets were last sent it: the base of the next patch. */
  private sent: GameState;
  private seq = 0;
  private readonly clock: GameClock;
  private readonly subscribers = new Set<Subscriber>();
  /**
   * The latest notices, for a socket's snapshot: kept as JSON because they stay for minutes and are
   * rarely read, and as objects they were a fifth of each player's share of the heap (a heap snapshot
   * at 1,000 players), all of it traced by every full collection.
   */
  private readonly notices: string[] = [];
  private wakeTimer: NodeJS.Timeout | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  /** Wall time the armed save timer fires. */
  private saveDue = 0;
  private readonly saveLead: SaveLead;
  /** Changes committed so far, and how many of them the last write carried. */
  private changes = 0;
  private savedChanges = 0;
  /** The clock rate the last write recorded (0: stopped, or no write by this host yet). */
  private savedRate = 0;
  /** Wall time of the oldest change a crash would lose that no write has started to carry yet. */
  private unsavedSince: number | null = null;
  private saving: Promise<void> = Promise.resolve();
  private conflict: StaleSaveError | null = null;
  /** The player is gone (account deleted): nothing is written any more. */
  private abandoned = false;
  /** A restart is recording the finished game. */
  private restarting = false;

  constructor(
    readonly userId: string,
    state: GameState,
    private revision: number,
    private readonly store: SaveStore,
    private readonly options: HostOptions,
  ) {
    this.state = state;
    this.sent = state;
    this.clock = new GameClock(state.clock, options.wallNow);
    this.saveLead = options.saveLead ?? new SaveLead();
  }

  private get timerSaveDelayMs(): number {
    return this.options.timerSaveDelayMs ?? DEFAULT_TIMER_SAVE_DELAY_MS;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  get currentState(): GameState {
    return this.state;
  }

  attach(subscriber: Subscriber): void {
    if (!this.clock.running) this.clock.setRate(this.rate());
    // Brought up to now before joining, so the newcomer's first frame is the snapshot, not a patch
    // that the snapshot already holds.
    this.tick();
    // Until the save says the clock runs here, a crash would lose the time it ran.
    if (this.savedRate !== this.clock.speed) this.changedDurably();
    // Taken first: what the others were not sent yet goes to them alone, as a patch.
    const snapshot = this.snapshot();
    this.subscribers.add(subscriber);
    subscriber.send(snapshot);
  }

  /** The last socket leaving stops the clock and writes the game. */
  async detach(subscriber: Subscriber): Promise<void> {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size === 0) await this.freeze();
  }

  clockSync() {
    return this.clock.sync();
  }

  /** The game as it is now, at a number every socket agrees on: what was held back goes out first. */
  snapshot(): SnapshotMessage {
    this.publish();
    const snapshot: SnapshotMessage = {
      type: 'snapshot',
      protocol: PROTOCOL_VERSION,
      seq: this.seq,
      state: this.state,
      clock: this.clock.sync(),
      notices: this.notices.map((text) => JSON.parse(text) as NoticeMessage),
    };
    if (this.options.build) snapshot.build = this.options.build;
    return snapshot;
  }

  /**
   * Runs a player's command; the sender alone hears a refusal, everyone sees the change.
   * True when the rules accepted it.
   */
  command(from: Subscriber, id: string, command: Command): boolean {
    const before = this.state;
    const result = apply(before, command, this.clock.now());
    if (!result.ok) {
      const { code, key, params } = result.error;
      from.send(params ? { type: 'reject', id, code, key, params } : { type: 'reject', id, code, key });
      return false;
    }
    this.commit(result.state, result.events, true);
    from.send({ type: 'ack', id, seq: this.seq });
    // States are never changed in place, so `before` is still the game as it was before lift-off.
    if (command.type === 'lift_off') this.options.onKeyMoment?.(this.userId, 'lift_off', before);
    if (!before.ending && this.state.ending) this.options.onKeyMoment?.(this.userId, 'ending', this.state);
    return true;
  }

  /**
   * Puts another state in place of the game (a restored snapshot, an imported file): every socket
   * gets it at once as a fresh snapshot, the clock continues from its time, and it is written as
   * any change is.
   */
  replace(state: GameState): void {
    this.state = state;
    this.sent = state;
    this.changes += 1;
    this.seq += 1;
    this.notices.length = 0;
    this.clock.jump(state.clock);
    if (this.clock.running) this.clock.setRate(this.rate());
    this.broadcast(this.snapshot());
    this.changedDurably();
    this.tick();
  }

  /**
   * A won game begins again (spec core/07 §3.5): `onRestart` keeps it on the account, then the next
   * game (a new seed, the prestige carried) replaces it on every socket as a fresh snapshot and the
   * new game's `new_game` and `prestige_restart` milestones are recorded. Refused while the game goes
   * on or a restart is already under way; if the record fails, nothing changes and it may be retried.
   */
  async restart(from: Subscriber, id: string): Promise<boolean> {
    if (!this.state.ending || this.restarting) {
      from.send({ type: 'reject', id, code: 'action/unavailable', key: 'error.game.not_over' });
      return false;
    }
    this.restarting = true;
    try {
      await this.options.onRestart?.(this.state);
    } catch (err) {
      this.options.log.error({ err, userId: this.userId }, 'could not record a finished game');
      from.send({ type: 'reject', id, code: 'server/unavailable', key: 'error.server.unavailable' });
      return false;
    } finally {
      this.restarting = false;
    }
    this.replace(nextGame(this.state, (this.options.newSeed ?? (() => randomInt(0, 2 ** 31)))()));
    from.send({ type: 'ack', id, seq: this.seq });
    for (const milestone of ['new_game', 'prestige_restart']) this.options.onMilestone?.(this.userId, milestone, this.state);
    return true;
  }

  /** The player and their save are gone: stop, and never write again. */
  abandon(): void {
    this.abandoned = true;
    this.dispose();
  }

  /** Brings the game up to the clock (timers due by now) and re-arms the wake-up. */
  tick(): void {
    const step = advance(this.state, this.clock.now());
    this.commit(step.state, step.events, false);
  }

  /** `byPlayer`: a command changed the game, which no replay could bring back, so it is stored soon. */
  private commit(fresh: GameState, events: GameEvent[], byPlayer: boolean): void {
    // Kept for seconds, a whole new copy per change would age into the old generation and inflate
    // the heap (bench:load); shared, only the changed parts do, and the diff skips the rest.
    const next = shareUnchanged(this.state, fresh);
    const changed = next !== this.state;
    this.state = next;
    // Hyper mode is a setting in the game; the clock follows it from this moment on.
    if (this.clock.running) this.clock.setRate(this.rate());
    if (changed) {
      this.changes += 1;
      if (byPlayer) this.changedDurably();
      else this.scheduleSave(this.timerSaveDelayMs);
    }
    if (byPlayer) this.publish();
    for (const event of events) {
      if (event.type === 'notice') {
        const notice: NoticeMessage = { type: 'notice', key: event.key, at: next.clock };
        if (event.params) notice.params = event.params;
        this.notices.push(flat(JSON.stringify(notice)));
        if (this.notices.length > RECENT_NOTICES) this.notices.shift();
        this.broadcast(notice);
      } else {
        this.options.onMilestone?.(this.userId, event.id, next);
      }
    }
    this.armWake();
  }

  /**
   * Sends every socket what changed since they were last sent the game. What the timers alone did
   * waits for the next command's patch (or a snapshot): the client runs the same timers on the same
   * state itself, so holding them back changes nothing it shows, and a socket write per timer would
   * be most of the server's work (docs/operations.md, "Load").
   */
  private publish(): void {
    if (this.sent === this.state) return;
    const ops = diffStates(this.sent, this.state);
    this.sent = this.state;
    if (ops.length === 0) return;
    this.seq += 1;
    this.broadcast({ type: 'patch', seq: this.seq, ops, clock: this.clock.sync() });
  }

  private broadcast(message: ServerMessage): void {
    for (const subscriber of this.subscribers) subscriber.send(message);
  }

  private rate(): number {
    return this.state.config.hyperMode ? 2 : 1;
  }

  private armWake(): void {
    this.clearWake();
    const due = nextWakeAt(this.state, this.options.incomeQuietMs ?? DEFAULT_INCOME_QUIET_MS);
    if (due === null || !this.clock.running) return;
    const delay = Math.min(MAX_TIMER_MS, Math.ceil(this.clock.wallDelayUntil(due)));
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.options.onWake?.();
      this.tick();
    }, delay);
  }

  private clearWake(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }

  /** A change a crash would lose: stored within `saveDelayMs`. */
  private changedDurably(): void {
    this.unsavedSince ??= this.wallNow();
    this.scheduleSave(this.saveLead.delay(this.options.saveDelayMs));
  }

  /**
   * One timer for the next write, armed for the most urgent change waiting; other changes ride
   * along, however many there are, so under a steady stream of commands the game is still written
   * every `saveDelayMs` and no change waits longer than its own delay to be stored.
   */
  private scheduleSave(delay: number): void {
    const due = this.wallNow() + delay;
    if (this.saveTimer) {
      if (this.saveDue <= due) return;
      clearTimeout(this.saveTimer);
    }
    this.saveDue = due;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.flush(due).catch(() => {});
    }, delay);
  }

  /** Writes the game if it changed since the last write; writes never overlap. */
  flush(dueAt?: number): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const run = this.saving.then(() => this.write(dueAt));
    this.saving = run.catch(() => {});
    return run;
  }

  private wallNow(): number {
    return (this.options.wallNow ?? Date.now)();
  }

  private async write(dueAt?: number): Promise<void> {
    if (!this.dirty || this.conflict || this.abandoned) return;
    const changes = this.changes;
    const state = this.state;
    const sync = this.clock.sync();
    const running = sync.rate > 0 ? { clock: sync.gameNow, rate: sync.rate } : null;
    const since = this.unsavedSince;
    this.unsavedSince = null;
    const started = this.wallNow();
    try {
      this.revision = await this.store.write(this.userId, state, STATE_VERSION, this.revision, running);
      this.savedChanges = changes;
      this.savedRate = sync.rate;
      const done = this.wallNow();
      if (dueAt !== undefined) this.saveLead.observe(done - dueAt, done);
      this.options.onWrite?.({ ok: true, ms: done - started, lagMs: since === null ? null : done - since });
    } catch (err) {
      // The changes this write carried are still unwritten, and older than any made meanwhile.
      if (since !== null) this.unsavedSince = since;
      this.options.onWrite?.({ ok: false, ms: this.wallNow() - started, conflict: err instanceof StaleSaveError });
      if (err instanceof StaleSaveError) {
        this.conflict = err;
        this.options.log.error({ err, userId: this.userId }, 'the save changed under this host; dropping it');
        this.options.onConflict?.(this);
      } else {
        this.options.log.error({ err, userId: this.userId }, 'could not save a game; retrying');
        if (this.unsavedSince !== null) this.changedDurably();
        else this.scheduleSave(this.timerSaveDelayMs);
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

  closeSubscribers(reason: CloseReason = 'moved'): void {
    for (const subscriber of this.subscribers) subscriber.close(reason);
    this.subscribers.clear();
  }

  /** The server is going down: every socket hears so, then is closed (clients come back by themselves). */
  sendOff(): void {
    this.broadcast({ type: 'notice', key: RESTART_NOTICE_KEY, at: this.clock.now() });
    this.closeSubscribers('restarting');
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

  /** Unwritten changes (or a clock that started or stopped since the last write). */
  get dirty(): boolean {
    return this.savedChanges !== this.changes || this.savedRate !== this.clock.speed;
  }
}

/**
 * A scripted player over a real `ws` socket, as the browser client behaves: it keeps a copy of its
 * game from the snapshot and the numbered patches, knows the game clock from the clock syncs, runs
 * the game's timers on between patches (`stateAt`, with the browser's own code), and sends commands
 * by id. Used by the recovery tests and the load benchmark, so it stays lean.
 */
import fastJsonPatch from 'fast-json-patch';
import WebSocket from 'ws';
import type { Command, GameState } from '@smoulder/engine';
import type { ClockSync, ServerMessage } from '@smoulder/protocol';
import { runTimers } from '../../apps/web/src/features/game/prediction.ts';

const { applyPatch } = fastJsonPatch;

export type Answer = { type: 'ack'; seq: number } | { type: 'reject'; code: string };

export interface PlayerEvents {
  /** An ack or reject for a command sent at `sentAt` (performance.now()); `patchAt` when its patch came. */
  answered?(id: string, answer: Answer, sentAt: number, at: number, patchAt: number | null): void;
  patch?(bytes: number): void;
  snapshot?(bytes: number): void;
  closed?(code: number): void;
}

export class PlayerClient {
  state: GameState | null = null;
  seq = 0;
  clock: ClockSync | null = null;
  closed: { code: number; reason: string } | null = null;
  readonly notices: string[] = [];
  private nextId = 0;
  private readonly pending = new Map<string, { sentAt: number; resolve?: (answer: Answer) => void }>();
  private lastPatch = { seq: -1, at: 0 };
  /** `state` with its timers run on; dropped whenever `state` changes (patches change it in place). */
  private shown: { from: GameState; state: GameState } | null = null;
  private snapshotWaiters: Array<() => void> = [];
  private closeWaiters: Array<() => void> = [];

  private constructor(
    readonly ws: WebSocket,
    private readonly events: PlayerEvents,
  ) {
    ws.on('message', (raw: Buffer) => this.receive(raw));
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const [, p] of this.pending) p.resolve?.({ type: 'reject', code: `closed/${code}` });
      this.pending.clear();
      for (const w of this.closeWaiters.splice(0)) w();
      events.closed?.(code);
    });
    ws.on('error', () => {
      // a close event follows
    });
  }

  /** Opens the socket as a page on `host` would and waits for the first snapshot. */
  static connect(host: string, cookie: string, events: PlayerEvents = {}, timeoutMs = 15_000): Promise<PlayerClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${host}/ws`, { headers: { cookie, origin: `http://${host}` } });
      const client = new PlayerClient(ws, events);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`no snapshot within ${timeoutMs} ms`));
      }, timeoutMs);
      ws.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        reject(new Error(`upgrade refused: ${res.statusCode}`));
      });
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      client.snapshotWaiters.push(() => {
        clearTimeout(timer);
        resolve(client);
      });
    });
  }

  private receive(raw: Buffer): void {
    const msg = JSON.parse(raw.toString()) as ServerMessage;
    const now = performance.now();
    switch (msg.type) {
      case 'snapshot':
        this.state = msg.state;
        this.shown = null;
        this.seq = msg.seq;
        this.clock = msg.clock;
        this.events.snapshot?.(raw.length);
        for (const w of this.snapshotWaiters.splice(0)) w();
        break;
      case 'patch':
        this.events.patch?.(raw.length);
        if (!this.state || msg.seq !== this.seq + 1) {
          // Missed one (never expected on one socket): start over from a snapshot.
          this.ws.send(JSON.stringify({ type: 'resync' }));
          return;
        }
        applyPatch(this.state, msg.ops as never, false, true);
        this.shown = null;
        this.seq = msg.seq;
        this.clock = msg.clock;
        this.lastPatch = { seq: msg.seq, at: now };
        break;
      case 'ack':
      case 'reject': {
        const pending = this.pending.get(msg.id);
        if (!pending) return;
        this.pending.delete(msg.id);
        const answer: Answer = msg.type === 'ack' ? { type: 'ack', seq: msg.seq } : { type: 'reject', code: msg.code };
        const patchAt = msg.type === 'ack' && this.lastPatch.seq === msg.seq ? this.lastPatch.at : null;
        this.events.answered?.(msg.id, answer, pending.sentAt, now, patchAt);
        pending.resolve?.(answer);
        break;
      }
      case 'notice':
        this.notices.push(msg.key);
        break;
      case 'pong':
        this.clock = msg.clock;
        break;
      default:
        break;
    }
  }

  /** The game as the browser would show it at `now`: the server's last state, its timers run on. */
  stateAt(now: number): GameState | null {
    if (!this.state) return null;
    this.shown = { from: this.state, state: runTimers(this.state, this.shown, now) };
    return this.shown.state;
  }

  /** The game clock now, as the client draws it. */
  gameNow(): number {
    if (!this.clock) return this.state?.clock ?? 0;
    return this.clock.gameNow + (Date.now() - this.clock.serverTime) * this.clock.rate;
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** Sends a command; returns its id. */
  send(command: Command): string {
    const id = `c${(this.nextId++).toString(36)}`;
    this.pending.set(id, { sentAt: performance.now() });
    this.ws.send(JSON.stringify({ type: 'command', id, command }));
    return id;
  }

  /** Sends a command and waits for its ack or reject. */
  request(command: Command): Promise<Answer> {
    const id = this.send(command);
    return new Promise((resolve) => {
      const entry = this.pending.get(id);
      if (entry) entry.resolve = resolve;
      else resolve({ type: 'reject', code: 'closed' });
    });
  }

  waitClosed(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still open after ${timeoutMs} ms`)), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve(this.closed!);
      });
    });
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(1000);
  }

  terminate(): void {
    this.ws.terminate();
  }
}

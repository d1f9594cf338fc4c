/**
 * The client's picture of the game, and the pure reducer that folds server frames into it.
 *
 * - a snapshot replaces everything (state, seq, clock, log) and ends any resync;
 * - a patch must carry `seq + 1`: it is applied to a copy, in order; a stale one is ignored, a gap
 *   (or a patch that does not apply) marks the model as needing a resync, and further patches are
 *   ignored until the next snapshot;
 * - ack and reject settle pending commands; a reject, a notice and an error add a log line.
 */
import { applyPatch, type Operation } from 'fast-json-patch';
import type { Command, GameState, NoticeParams } from '@smoulder/engine';
import { GameStateSchema, type NoticeMessage, type ServerMessage } from '@smoulder/protocol';
import { anchorClock, type ClockAnchor } from './clock.ts';

/** Lines the log keeps; older ones fall off the end. */
export const LOG_LIMIT = 30;

export type LogKind = 'notice' | 'reject' | 'error';

export interface LogEntry {
  /** Stable per line, so the view can key (and fade in) only the new ones. */
  id: number;
  kind: LogKind;
  key: string;
  params?: NoticeParams;
  /** Game-clock time of a notice. */
  at?: number;
  /** The server's own words for an error frame, shown when the key is unknown. */
  fallback?: string;
}

export type ResyncState = 'none' | 'needed' | 'requested';

export interface GameModel {
  state: GameState | null;
  /** Sequence number of `state`; null before the first snapshot. */
  seq: number | null;
  clock: ClockAnchor | null;
  /** Newest first. */
  log: LogEntry[];
  nextLogId: number;
  /** Commands sent and not yet acknowledged or rejected, by id. */
  pending: Readonly<Record<string, Command>>;
  resync: ResyncState;
  /** Seq at which the last acknowledged command took effect. */
  lastAckSeq: number | null;
}

export function emptyModel(): GameModel {
  return { state: null, seq: null, clock: null, log: [], nextLogId: 1, pending: {}, resync: 'none', lastAckSeq: null };
}

export function applyServerMessage(model: GameModel, msg: ServerMessage, receivedAt = 0): GameModel {
  switch (msg.type) {
    case 'snapshot':
      return {
        ...model,
        state: msg.state,
        seq: msg.seq,
        clock: anchorClock(msg.clock, receivedAt),
        log: mergeSnapshotLog(model, msg.notices),
        nextLogId: model.nextLogId + msg.notices.length,
        resync: 'none',
      };
    case 'patch':
      return applyPatchMessage(model, msg.seq, msg.ops, anchorClock(msg.clock, receivedAt));
    case 'ack':
      return { ...model, pending: without(model.pending, msg.id), lastAckSeq: msg.seq };
    case 'reject':
      return addLog({ ...model, pending: without(model.pending, msg.id) }, { kind: 'reject', key: msg.key, params: msg.params });
    case 'notice':
      return addLog(model, { kind: 'notice', key: msg.key, params: msg.params, at: msg.at });
    case 'error':
      return addLog(model, { kind: 'error', key: msg.key, fallback: msg.message });
    case 'pong':
      return { ...model, clock: anchorClock(msg.clock, receivedAt) };
  }
}

function applyPatchMessage(model: GameModel, seq: number, ops: readonly unknown[], clock: ClockAnchor): GameModel {
  if (model.resync !== 'none') return model;
  if (model.state === null || model.seq === null) return { ...model, resync: 'needed' };
  if (seq <= model.seq) return model;
  if (seq !== model.seq + 1) return { ...model, resync: 'needed' };
  let next: GameState;
  try {
    next = applyPatch(structuredClone(model.state), ops as Operation[], false, true).newDocument;
  } catch {
    return { ...model, resync: 'needed' };
  }
  if (!GameStateSchema.safeParse(next).success) return { ...model, resync: 'needed' };
  return { ...model, state: next, seq, clock };
}

/** The model after a command went out: it waits for its ack or reject. */
export function commandSent(model: GameModel, id: string, command: Command): GameModel {
  return { ...model, pending: { ...model.pending, [id]: command } };
}

/** A command that never heard back (lost with its socket, or timed out) stops waiting. */
export function commandForgotten(model: GameModel, id: string): GameModel {
  return id in model.pending ? { ...model, pending: without(model.pending, id) } : model;
}

export function resyncRequested(model: GameModel): GameModel {
  return model.resync === 'needed' ? { ...model, resync: 'requested' } : model;
}

/** The socket closed: nothing in flight will be answered; the next snapshot will set things right. */
export function connectionLost(model: GameModel): GameModel {
  return { ...model, pending: {}, resync: 'none' };
}

/** A different player (or nobody) is signed in now: forget this game entirely. */
export function resetModel(): GameModel {
  return emptyModel();
}

/** Whether the same command (say, "stoke fire") is still waiting for the server's word. */
export function isPending(model: GameModel, command: Command): boolean {
  const wanted = commandKey(command);
  return Object.values(model.pending).some((c) => commandKey(c) === wanted);
}

/** Any command of this type still waiting (e.g. one event choice at a time). */
export function isPendingType(model: GameModel, type: Command['type']): boolean {
  return Object.values(model.pending).some((c) => c.type === type);
}

/** A command as one string, used for data-action and to match pending commands: "build:trap". */
export function commandKey(command: Command): string {
  switch (command.type) {
    case 'build':
      return `build:${command.building}`;
    case 'craft':
    case 'buy':
      return `${command.type}:${command.item}`;
    case 'assign':
      return `assign:${command.job}:${command.delta > 0 ? '+' : ''}${command.delta}`;
    case 'travel':
      return `travel:${command.to}`;
    case 'set_option':
      return `set_option:${command.option}`;
    case 'event_choose':
      return `event:${command.button}`;
    case 'outfit':
      return `outfit:${command.item}:${command.delta > 0 ? '+' : ''}${command.delta}`;
    case 'move':
      return `move:${command.dir}`;
    case 'attack':
      return `attack:${command.weapon}`;
    case 'fight_support':
      return `support:${command.action}`;
    case 'take':
      return `${command.all ? 'take_all' : 'take'}:${command.item}`;
    case 'drop':
      return `drop:${command.item}:${command.take}`;
    case 'fabricate':
      return `fabricate:${command.item}`;
    default:
      return command.type;
  }
}

function addLog(model: GameModel, entry: Omit<LogEntry, 'id'>): GameModel {
  const line: LogEntry = { id: model.nextLogId, ...stripUndefined(entry) };
  return { ...model, log: [line, ...model.log].slice(0, LOG_LIMIT), nextLogId: model.nextLogId + 1 };
}

/**
 * The snapshot's notices (oldest first) become the log, newest first. A line that is already shown
 * keeps its id, so a reconnect does not replay or re-announce the whole log.
 */
function mergeSnapshotLog(model: GameModel, notices: readonly NoticeMessage[]): LogEntry[] {
  const known = new Map<string, number[]>();
  for (const line of model.log) {
    if (line.kind !== 'notice') continue;
    const sig = signature(line.key, line.params, line.at);
    known.set(sig, [...(known.get(sig) ?? []), line.id]);
  }
  let fresh = model.nextLogId;
  const lines: LogEntry[] = notices.map((n) => {
    const ids = known.get(signature(n.key, n.params, n.at));
    const id = ids?.shift() ?? fresh++;
    return stripUndefined({ id, kind: 'notice' as const, key: n.key, params: n.params, at: n.at });
  });
  return lines.reverse().slice(0, LOG_LIMIT);
}

function signature(key: string, params: NoticeParams | undefined, at: number | undefined): string {
  return JSON.stringify([key, params ?? null, at ?? null]);
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  if (!(key in record)) return record as Record<string, T>;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

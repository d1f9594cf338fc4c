import { z } from 'zod';
import { CommandSchema, ErrorCode, GameStateSchema, NoticeParamsSchema } from './game.ts';

/** Bumped on any incompatible change to the frames below. */
export const PROTOCOL_VERSION = 1;

/** Largest client frame the server reads; a larger one gets a `message/too_large` error frame. */
export const MAX_CLIENT_FRAME_BYTES = 4096;

/** A client message larger than this is not even read: the socket is closed with code 1009 (too big). */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

// client → server

export const CommandMessage = z.object({
  type: z.literal('command'),
  id: z.string().min(1).max(64),
  command: CommandSchema,
});
export type CommandMessage = z.infer<typeof CommandMessage>;

export const PingMessage = z.object({ type: z.literal('ping'), t: z.number() });
export type PingMessage = z.infer<typeof PingMessage>;

export const ResyncMessage = z.object({ type: z.literal('resync') });
export type ResyncMessage = z.infer<typeof ResyncMessage>;

/** After the ending: begin the next game, which inherits the prestige (answered by ack or reject with `id`). */
export const RestartMessage = z.object({ type: z.literal('restart'), id: z.string().min(1).max(64) });
export type RestartMessage = z.infer<typeof RestartMessage>;

export const ClientMessage = z.discriminatedUnion('type', [CommandMessage, PingMessage, ResyncMessage, RestartMessage]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// server → client

/**
 * How the client draws time: the game clock read `gameNow` at the server's wall time `serverTime`
 * and runs at `rate` game ms per wall ms (2 in hyper mode).
 */
export const ClockSync = z.object({ gameNow: z.number(), serverTime: z.number(), rate: z.number().min(0) });
export type ClockSync = z.infer<typeof ClockSync>;

export const NoticeMessage = z.object({
  type: z.literal('notice'),
  key: z.string(),
  params: NoticeParamsSchema.optional(),
  /** Game-clock time it happened. */
  at: z.number(),
});
export type NoticeMessage = z.infer<typeof NoticeMessage>;

export const SnapshotMessage = z.object({
  type: z.literal('snapshot'),
  protocol: z.literal(PROTOCOL_VERSION),
  seq: z.number().int().min(0),
  state: GameStateSchema,
  clock: ClockSync,
  /** The most recent notices, oldest first, so a fresh tab shows the same log. */
  notices: z.array(NoticeMessage),
  /**
   * The web build the serving process ships (absent when it serves none). The client runs the
   * game's timers itself, so a tab still running another build's rules reloads to this one.
   */
  build: z.string().min(1).max(64).optional(),
});
export type SnapshotMessage = z.infer<typeof SnapshotMessage>;

/** One RFC 6902 operation; the server only emits add, remove and replace. */
export const JsonPatchOp = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: z.string(), value: z.unknown() }),
  z.object({ op: z.literal('replace'), path: z.string(), value: z.unknown() }),
  z.object({ op: z.literal('remove'), path: z.string() }),
]);
export type JsonPatchOp = z.infer<typeof JsonPatchOp>;

/**
 * What a command changed, with what the game's timers did since the last patch: the server does not
 * send timers as they fire, the client runs them itself (`advance`) on the state at `seq`.
 */
export const PatchMessage = z.object({
  type: z.literal('patch'),
  /** Applies to the state at `seq - 1` and yields the state at `seq`. */
  seq: z.number().int().min(1),
  ops: z.array(JsonPatchOp),
  clock: ClockSync,
});
export type PatchMessage = z.infer<typeof PatchMessage>;

export const AckMessage = z.object({ type: z.literal('ack'), id: z.string(), seq: z.number().int() });
export type AckMessage = z.infer<typeof AckMessage>;

export const RejectMessage = z.object({
  type: z.literal('reject'),
  id: z.string(),
  code: ErrorCode,
  key: z.string(),
  params: NoticeParamsSchema.optional(),
});
export type RejectMessage = z.infer<typeof RejectMessage>;

export const ErrorMessage = z.object({ type: z.literal('error'), code: ErrorCode, key: z.string(), message: z.string() });
export type ErrorMessage = z.infer<typeof ErrorMessage>;

export const PongMessage = z.object({ type: z.literal('pong'), t: z.number(), clock: ClockSync });
export type PongMessage = z.infer<typeof PongMessage>;

export const ServerMessage = z.discriminatedUnion('type', [
  SnapshotMessage,
  PatchMessage,
  AckMessage,
  RejectMessage,
  NoticeMessage,
  ErrorMessage,
  PongMessage,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/**
 * The socket's edge: every frame from the server is parsed and checked with the protocol's schema
 * before the client believes it, and every frame we send is checked the same way.
 */
import type { GameState } from '@smoulder/engine';
import { ClientMessage, ServerMessage } from '@smoulder/protocol';

export type ParsedFrame = { ok: true; message: ServerMessage } | { ok: false; reason: 'json' | 'schema'; detail?: string };

export function parseServerFrame(data: unknown): ParsedFrame {
  if (typeof data !== 'string') return { ok: false, reason: 'json', detail: 'not a text frame' };
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'json' };
  }
  const parsed = ServerMessage.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'schema', detail: parsed.error.message };
  const message = parsed.data;
  // The schema checks the state's shape but drops keys it does not know; keep the server's own
  // object so later patches that touch such keys still apply.
  if (message.type === 'snapshot') {
    return { ok: true, message: { ...message, state: (raw as { state: GameState }).state } };
  }
  return { ok: true, message };
}

/** The frame's text, or null when `message` is not a valid ClientMessage. */
export function encodeClientMessage(message: ClientMessage): string | null {
  const parsed = ClientMessage.safeParse(message);
  return parsed.success ? JSON.stringify(parsed.data) : null;
}

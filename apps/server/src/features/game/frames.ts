import { ClientMessage, MAX_CLIENT_FRAME_BYTES, type ErrorCode, type ServerMessage } from '@smoulder/protocol';

/** A client frame read: the message, or the answer a bad frame gets (a reject when it names a command id). */
export type FrameRead = { ok: true; message: ClientMessage } | { ok: false; code: ErrorCode; reply: ServerMessage };

/**
 * Reads one client frame. Nothing a client sends gets past here unchecked: too large, not JSON, not
 * a message, or over the socket's rate (`limited`) each get an answer with their own error code.
 */
export function readFrame(raw: Buffer, limited: boolean): FrameRead {
  if (limited) return refuse('message/rate_limited', 'too many messages: slow down', raw.length <= MAX_CLIENT_FRAME_BYTES ? raw : null);
  if (raw.length > MAX_CLIENT_FRAME_BYTES) return refuse('message/too_large', 'frame too large');
  let data: unknown;
  try {
    data = JSON.parse(raw.toString('utf8'));
  } catch {
    return refuse('message/invalid_json', 'frame is not JSON');
  }
  const parsed = ClientMessage.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'frame'}: ${i.message}`).join('; ');
  return refuse('message/invalid', message, data);
}

/** A refusal; when `source` (a frame or its parsed value) carries a usable command id, the command is rejected by it. */
function refuse(code: ErrorCode, message: string, source?: unknown): FrameRead {
  const key = `error.${code.replace('/', '.')}`;
  const id = commandId(source instanceof Buffer ? parseOrNull(source) : source);
  return { ok: false, code, reply: id === null ? { type: 'error', code, key, message } : { type: 'reject', id, code, key } };
}

function parseOrNull(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

function commandId(data: unknown): string | null {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
}

import type { SocketClose } from './sessions.ts';

/**
 * Closing game sockets on every process. A device signed out, every other device signed out (also
 * by a password change) or an account deleted must close the affected sockets wherever they are
 * held, not only on the process that answered the request. With several processes on one Postgres
 * the answering process closes its own sockets and broadcasts what it closed over Postgres NOTIFY
 * (`PgCluster.broadcast`, the cluster's shared channel beside the relay's per-process ones); every
 * other process closes its sockets of those sessions with the same code and reason. With PGlite
 * there is one process and no bus: nothing is sent.
 *
 * A broadcast is lost when the sending process has no cluster connection at that moment; the
 * session rows are deleted before it is sent, so such a socket is refused when it next reconnects.
 */

/** A broadcast channel between the processes sharing a database (the cluster, on Postgres). */
export interface SocketCloseBus {
  publish(payload: string): void;
  subscribe(handler: (payload: string) => void): void;
}

/** Which sockets to close: those of these sessions, or every one of a user but one session's. */
export type CloseOrder =
  | { sessions: string[]; close: SocketClose }
  | { userId: string; exceptSessionId?: string; close: SocketClose };

/** Session ids per message: 100 uuids and the rest fit a NOTIFY payload (< 8000 bytes) with room to spare. */
const IDS_PER_MESSAGE = 100;
const ID = /^[0-9a-f-]{1,64}$/i;

/** The order as one or more payloads (a long list of sessions is split). */
export function encodeCloseOrder(order: CloseOrder): string[] {
  const close = { c: order.close.code, r: order.close.reason };
  if ('userId' in order) {
    const except = order.exceptSessionId === undefined ? {} : { x: order.exceptSessionId };
    return [JSON.stringify({ u: order.userId, ...except, ...close })];
  }
  const payloads: string[] = [];
  for (let i = 0; i < order.sessions.length; i += IDS_PER_MESSAGE) {
    payloads.push(JSON.stringify({ s: order.sessions.slice(i, i + IDS_PER_MESSAGE), ...close }));
  }
  return payloads;
}

/** A payload from another process, checked; null when it is not a close order. */
export function decodeCloseOrder(payload: string): CloseOrder | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { s, u, x, c, r } = value as Record<string, unknown>;
  // Close codes an application may send (RFC 6455 §7.4.2) with a reason that fits a close frame.
  if (typeof c !== 'number' || !Number.isInteger(c) || c < 4000 || c > 4999) return null;
  if (typeof r !== 'string' || Buffer.byteLength(r) > 123) return null;
  const close = { code: c, reason: r };
  if (Array.isArray(s)) {
    if (!s.every((id): id is string => typeof id === 'string' && ID.test(id))) return null;
    return { sessions: s, close };
  }
  if (typeof u !== 'string' || !ID.test(u)) return null;
  if (x === undefined) return { userId: u, close };
  if (typeof x !== 'string' || !ID.test(x)) return null;
  return { userId: u, exceptSessionId: x, close };
}

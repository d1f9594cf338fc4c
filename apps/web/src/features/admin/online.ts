/**
 * The live "online now" count from GET /api/admin/online (server-sent events, one OnlineUpdate per
 * `data:` line). The browser's EventSource reconnects by itself after a dropped stream; when the
 * server refuses the stream (401, 403, no such route) it gives up, and so do we: the status says
 * `closed`, and `open` again starts over. The source is injected so tests need no browser.
 */
import { ONLINE_URL, parseOnline } from './api.ts';

/** The part of EventSource this uses. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => unknown) | null;
  onmessage: ((event: MessageEvent) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  close(): void;
}

export type OpenEventSource = (url: string) => EventSourceLike;

export type OnlineStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** EventSource.CLOSED, without needing EventSource to exist (tests run in Node). */
const CLOSED = 2;

export interface OnlineListener {
  count(onlineNow: number): void;
  status(status: OnlineStatus): void;
}

/** Opens the stream and reports counts and status; returns a function that closes it. */
export function watchOnline(open: OpenEventSource, listener: OnlineListener, url = ONLINE_URL): () => void {
  let source: EventSourceLike | null = null;
  try {
    source = open(url);
  } catch {
    listener.status('closed');
    return () => {};
  }
  const current = source;
  listener.status('connecting');
  current.onopen = () => listener.status('live');
  current.onmessage = (event) => {
    const count = parseOnline(event.data);
    if (count !== null) {
      listener.count(count);
      listener.status('live');
    }
  };
  current.onerror = () => {
    listener.status(current.readyState === CLOSED ? 'closed' : 'reconnecting');
  };
  return () => {
    current.onopen = current.onmessage = current.onerror = null;
    current.close();
  };
}

export const browserEventSource: OpenEventSource = (url) => new EventSource(url);

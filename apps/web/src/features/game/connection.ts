/**
 * One WebSocket to the game server, kept open while wanted: reconnects with exponential backoff
 * (0.5 s doubling to 10 s, jittered), pings every 20 s, and drops a socket that has gone silent.
 * Sockets, timers and randomness come in through `ConnectionEnv`, so tests drive it without a DOM.
 */
import type { ClientMessage } from '@smoulder/protocol';
import { backoffDelay } from './clock.ts';
import { encodeClientMessage } from './frames.ts';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export const PING_INTERVAL_MS = 20_000;
/** Two missed pongs and then some: the socket is presumed dead and replaced. */
export const SILENCE_LIMIT_MS = 50_000;
/** Close code we use when we give up on a silent socket. */
export const CLOSE_SILENT = 4000;

const OPEN = 1;

/** The part of the browser's WebSocket we use. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface ConnectionEnv {
  createSocket(url: string): SocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  random(): number;
  /** Wall-clock ms, sent in pings. */
  now(): number;
  isOnline(): boolean;
}

export interface ConnectionHandlers {
  onOpen(): void;
  onMessage(data: unknown): void;
  /** `opened` is false when the socket never opened (refused, or not signed in). */
  onClose(info: { opened: boolean; code: number; failures: number }): void;
  onStatus(status: ConnectionStatus): void;
}

export interface Connection {
  /** Start (or keep) connecting. */
  open(): void;
  /** Stop: close the socket and do not come back. */
  close(): void;
  /** Close and open again at once, e.g. when the signed-in player changed. */
  restart(): void;
  send(message: ClientMessage): boolean;
  /** The browser says the network is back: retry now instead of waiting out the backoff. */
  online(): void;
  /** The browser says the network is gone. */
  offline(): void;
  readonly status: ConnectionStatus;
}

export function createConnection(url: () => string, handlers: ConnectionHandlers, env: ConnectionEnv): Connection {
  let socket: SocketLike | null = null;
  let wanted = false;
  let attempt = 0;
  /** Attempts in a row that closed without ever opening. */
  let failures = 0;
  let everOpened = false;
  let status: ConnectionStatus = 'offline';
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  let silenceTimer: unknown = null;

  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    handlers.onStatus(next);
  };

  const clear = (handle: unknown) => {
    if (handle !== null) env.clearTimeout(handle);
    return null;
  };

  function stopTimers() {
    retryTimer = clear(retryTimer);
    pingTimer = clear(pingTimer);
    silenceTimer = clear(silenceTimer);
  }

  function connect() {
    retryTimer = clear(retryTimer);
    setStatus(everOpened ? 'reconnecting' : 'connecting');
    let opened = false;
    let ws: SocketLike;
    try {
      ws = env.createSocket(url());
    } catch {
      failures += 1;
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      opened = true;
      everOpened = true;
      attempt = 0;
      failures = 0;
      setStatus('connected');
      schedulePing();
      armSilence();
      handlers.onOpen();
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      armSilence();
      handlers.onMessage(event.data);
    };
    ws.onerror = () => {
      // A close event always follows; it decides what happens next.
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      dropped(ws, opened, event.code);
    };
  }

  function dropped(ws: SocketLike, opened: boolean, code: number) {
    detach(ws);
    socket = null;
    stopTimers();
    if (!opened) failures += 1;
    handlers.onClose({ opened, code, failures });
    if (wanted) scheduleRetry();
    else setStatus('offline');
  }

  function scheduleRetry() {
    if (!wanted) return;
    setStatus(env.isOnline() ? 'reconnecting' : 'offline');
    const delay = backoffDelay(attempt, env.random());
    attempt += 1;
    retryTimer = env.setTimeout(() => {
      retryTimer = null;
      if (wanted && socket === null) connect();
    }, delay);
  }

  function schedulePing() {
    pingTimer = clear(pingTimer);
    pingTimer = env.setTimeout(() => {
      pingTimer = null;
      const text = encodeClientMessage({ type: 'ping', t: env.now() });
      if (socket && socket.readyState === OPEN && text) socket.send(text);
      if (socket) schedulePing();
    }, PING_INTERVAL_MS);
  }

  function armSilence() {
    silenceTimer = clear(silenceTimer);
    silenceTimer = env.setTimeout(() => {
      silenceTimer = null;
      const ws = socket;
      if (!ws) return;
      try {
        ws.close(CLOSE_SILENT, 'silent');
      } catch {
        // already closing
      }
      dropped(ws, true, CLOSE_SILENT);
    }, SILENCE_LIMIT_MS);
  }

  function detach(ws: SocketLike) {
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    ws.onerror = null;
  }

  function shut() {
    wanted = false;
    stopTimers();
    const ws = socket;
    socket = null;
    if (ws) {
      detach(ws);
      try {
        ws.close(1000, 'bye');
      } catch {
        // never opened
      }
    }
  }

  return {
    open() {
      wanted = true;
      if (socket || retryTimer !== null) return;
      attempt = 0;
      connect();
    },
    close() {
      shut();
      setStatus('offline');
    },
    restart() {
      shut();
      wanted = true;
      attempt = 0;
      failures = 0;
      everOpened = false;
      connect();
    },
    send(message) {
      const text = encodeClientMessage(message);
      if (!text || !socket || socket.readyState !== OPEN) return false;
      socket.send(text);
      return true;
    },
    online() {
      if (wanted && socket === null) {
        attempt = 0;
        connect();
      }
    },
    offline() {
      if (status !== 'connected') setStatus('offline');
    },
    get status() {
      return status;
    },
  };
}

/** The browser's WebSocket and timers; the URL follows the page (ws: or wss:, same host). */
export function browserConnectionEnv(): ConnectionEnv {
  return {
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    random: Math.random,
    now: Date.now,
    isOnline: () => navigator.onLine !== false,
  };
}

export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_SILENT, PING_INTERVAL_MS, SILENCE_LIMIT_MS, createConnection, socketUrl, type ConnectionEnv, type ConnectionStatus, type SocketLike } from './connection.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(data: string) {
    this.onmessage?.({ data });
  }
  serverCloses(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(random = 1) {
  const sockets: FakeSocket[] = [];
  const statuses: ConnectionStatus[] = [];
  const closes: { opened: boolean; code: number; failures: number }[] = [];
  const messages: unknown[] = [];
  let online = true;
  const env: ConnectionEnv = {
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    random: () => random,
    now: () => 1234,
    isOnline: () => online,
  };
  const connection = createConnection(
    () => 'ws://game.test/ws',
    {
      onOpen: () => {},
      onMessage: (data) => messages.push(data),
      onClose: (info) => closes.push(info),
      onStatus: (s) => statuses.push(s),
    },
    env,
  );
  return { connection, sockets, statuses, closes, messages, setOnline: (v: boolean) => (online = v) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connection', () => {
  it('connects, reports its status and passes frames on', () => {
    const { connection, sockets, statuses, messages } = setup();
    connection.open();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://game.test/ws');
    expect(statuses).toEqual(['connecting']);
    sockets[0].serverOpens();
    expect(connection.status).toBe('connected');
    sockets[0].serverSends('{"type":"ack","id":"a","seq":1}');
    expect(messages).toEqual(['{"type":"ack","id":"a","seq":1}']);
  });

  it('reconnects with backoff doubling from 0.5 s to 10 s', () => {
    const { connection, sockets, statuses } = setup(1);
    connection.open();
    sockets[0].serverOpens();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const count = sockets.length;
      sockets[sockets.length - 1].serverCloses();
      expect(statuses.at(-1)).toBe('reconnecting');
      let waited = 0;
      while (sockets.length === count) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('starts the backoff over after a successful open', () => {
    const { connection, sockets } = setup(1);
    connection.open();
    sockets[0].serverCloses();
    vi.advanceTimersByTime(500);
    sockets[1].serverCloses();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(3);
    sockets[2].serverOpens();
    sockets[2].serverCloses();
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
  });

  it('counts opens that failed in a row', () => {
    const { connection, sockets, closes } = setup();
    connection.open();
    sockets[0].serverCloses();
    vi.advanceTimersByTime(500);
    sockets[1].serverCloses();
    expect(closes.map((c) => [c.opened, c.failures])).toEqual([
      [false, 1],
      [false, 2],
    ]);
  });

  it('pings every 20 s while open', () => {
    const { connection, sockets } = setup();
    connection.open();
    sockets[0].serverOpens();
    vi.advanceTimersByTime(PING_INTERVAL_MS - 1);
    expect(sockets[0].sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sockets[0].sent).toEqual(['{"type":"ping","t":1234}']);
    sockets[0].serverSends('{"type":"pong"}');
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(sockets[0].sent).toHaveLength(2);
  });

  it('replaces a socket that has gone silent', () => {
    const { connection, sockets } = setup();
    connection.open();
    sockets[0].serverOpens();
    vi.advanceTimersByTime(SILENCE_LIMIT_MS);
    expect(sockets[0].closed).toBe(CLOSE_SILENT);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
  });

  it('sends only valid client messages on an open socket', () => {
    const { connection, sockets } = setup();
    connection.open();
    expect(connection.send({ type: 'resync' })).toBe(false);
    sockets[0].serverOpens();
    expect(connection.send({ type: 'resync' })).toBe(true);
    expect(connection.send({ type: 'command', id: '', command: { type: 'light_fire' } })).toBe(false);
    expect(sockets[0].sent).toEqual(['{"type":"resync"}']);
  });

  it('close stops for good; restart opens a fresh socket at once', () => {
    const { connection, sockets, statuses } = setup();
    connection.open();
    sockets[0].serverOpens();
    connection.close();
    expect(sockets[0].closed).toBe(1000);
    expect(statuses.at(-1)).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    connection.restart();
    expect(sockets).toHaveLength(2);
    sockets[1].serverOpens();
    connection.restart();
    expect(sockets[1].closed).toBe(1000);
    expect(sockets).toHaveLength(3);
  });

  it('says offline while the browser is offline, and retries as soon as it is back', () => {
    const { connection, sockets, statuses, setOnline } = setup(1);
    connection.open();
    sockets[0].serverOpens();
    setOnline(false);
    connection.offline();
    sockets[0].serverCloses();
    expect(statuses.at(-1)).toBe('offline');
    vi.advanceTimersByTime(500);
    sockets[1].serverCloses();
    setOnline(true);
    connection.online();
    expect(sockets).toHaveLength(3);
    expect(statuses.at(-1)).toBe('reconnecting');
  });

  it('builds the socket URL from the page', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(socketUrl({ protocol: 'https:', host: 'smoulder.example' })).toBe('wss://smoulder.example/ws');
  });
});

import WebSocket from 'ws';
import { ServerMessage } from '@smoulder/protocol';

type Msg = ServerMessage;

/** A real WebSocket client that queues parsed server frames and awaits them by type. */
export class TestSocket {
  readonly received: Msg[] = [];
  private waiters: Array<() => void> = [];
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const parsed = ServerMessage.safeParse(JSON.parse(raw.toString()));
      if (!parsed.success) throw new Error(`server sent an invalid frame: ${raw.toString()}`);
      this.received.push(parsed.data);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  static open(url: string, headers: Record<string, string>): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Removes and returns the first queued frame of `type` (waiting up to `ms` for it). */
  async next<T extends Msg['type']>(type: T, ms = 3000): Promise<Extract<Msg, { type: T }>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.received.findIndex((m) => m.type === type);
      if (index >= 0) return this.received.splice(index, 1)[0] as Extract<Msg, { type: T }>;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for ${type}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * The first patch past `seq`, dropping those before it: a socket open earlier also hears the ticks
   * that brought the game up to date for a socket that joined since.
   */
  async patchAfter(seq: number, ms = 3000): Promise<Extract<Msg, { type: 'patch' }>> {
    for (;;) {
      const patch = await this.next('patch', ms);
      if (patch.seq > seq) return patch;
    }
  }

  /** True when no frame of `type` arrives within `ms`. */
  async quiet(type: Msg['type'], ms = 200): Promise<boolean> {
    try {
      await this.next(type, ms);
      return false;
    } catch {
      return true;
    }
  }

  /** Waits for the server to close the socket; its code and reason. */
  async closedBy(ms = 3000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + ms;
    while (!this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the socket is still open after ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closed;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

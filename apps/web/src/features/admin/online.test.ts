import { describe, expect, it } from 'vitest';
import { watchOnline, type EventSourceLike, type OnlineStatus } from './online.ts';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => unknown) | null = null;
  onmessage: ((event: MessageEvent) => unknown) | null = null;
  onerror: ((event: Event) => unknown) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

function watch() {
  const sources: FakeSource[] = [];
  const counts: number[] = [];
  const statuses: OnlineStatus[] = [];
  const stop = watchOnline(
    (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    { count: (n) => counts.push(n), status: (s) => statuses.push(s) },
  );
  return { source: sources[0], counts, statuses, stop };
}

describe('the online stream', () => {
  it('listens on /api/admin/online and reports each count', () => {
    const { source, counts, statuses } = watch();
    expect(source.url).toBe('/api/admin/online');
    source.open();
    source.send('{"onlineNow":3}');
    source.send('garbage');
    source.send('{"onlineNow":4}');
    expect(counts).toEqual([3, 4]);
    expect(statuses[0]).toBe('connecting');
    expect(statuses.at(-1)).toBe('live');
  });

  it('says reconnecting while the browser retries, and closed when the server refused', () => {
    const { source, statuses } = watch();
    source.open();
    source.fail(0);
    expect(statuses.at(-1)).toBe('reconnecting');
    source.open();
    expect(statuses.at(-1)).toBe('live');
    source.fail(2);
    expect(statuses.at(-1)).toBe('closed');
  });

  it('closes the stream and stops listening when done', () => {
    const { source, counts, stop } = watch();
    stop();
    expect(source.closed).toBe(true);
    source.send('{"onlineNow":9}');
    expect(counts).toEqual([]);
  });

  it('reports closed when no stream can be opened at all', () => {
    const statuses: OnlineStatus[] = [];
    const stop = watchOnline(
      () => {
        throw new Error('no EventSource here');
      },
      { count: () => {}, status: (s) => statuses.push(s) },
    );
    expect(statuses).toEqual(['closed']);
    stop();
  });
});

import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { WorkersReadiness } from '@smoulder/protocol';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startFront, type Front } from './front.ts';
import { routeOf } from './routing.ts';

const script = fileURLToPath(new URL('./testing/echo-worker.mjs', import.meta.url));
const log = pino({ level: 'silent' });
let front: Front | undefined;
afterEach(async () => {
  await front?.close();
  front = undefined;
});

/** Sends raw bytes on a new connection and reads until the front or a worker closes it. */
function raw(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.setTimeout(3_000, () => {
      socket.destroy();
      reject(new Error('no answer within 3 s'));
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}
const get = (port: number, path: string, ...headers: string[]) =>
  raw(port, [`GET ${path} HTTP/1.1`, 'host: x', 'connection: close', ...headers, '', ''].join('\r\n'));
const body = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
/** A session token that routes to worker `index` of 2. */
const workerOf = (token: string, workers: number) => {
  const route = routeOf(`GET / HTTP/1.1\r\ncookie: smoulder_session=${token}\r\n\r\n`, '', workers);
  return route.to === 'worker' ? route.index : -1;
};
const sessionOf = (index: number) => ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].find((t) => workerOf(t, 2) === index)!;

/** The first answer (a worker's JSON) that `accept` takes, retrying failed connections, within 10 s. */
async function answered<T = { worker: number; pid: number }>(request: () => Promise<string>, accept: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = (await request().then(body).catch(() => null)) as T | null;
    if (answer && !('error' in (answer as object)) && accept(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`no accepted answer; last: ${JSON.stringify(answer)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the worker front', () => {
  it('hands each connection, head included, to the worker its session routes to', async () => {
    front = await startFront({ script, workers: 2, port: 0, host: '127.0.0.1', metrics: { enabled: true }, log });
    const { port } = front.address();
    for (const token of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const answer = body(await get(port, `/api/me?t=${token}`, `cookie: smoulder_session=${token}`));
      expect(answer).toMatchObject({ worker: workerOf(token, 2), url: `/api/me?t=${token}` });
    }
  });

  it('reassembles a head that arrives in pieces', async () => {
    front = await startFront({ script, workers: 2, port: 0, host: '127.0.0.1', metrics: { enabled: true }, log });
    const { port } = front.address();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET /slow HTTP/1.1\r\nhost: x\r\n');
        setTimeout(() => socket.write('connection: close\r\n\r\n'), 50);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
    });
    expect(body(answer)).toMatchObject({ url: '/slow' });
  });

  it('refuses a head over 16 KB with 431, in the server’s error shape', async () => {
    front = await startFront({ script, workers: 1, port: 0, host: '127.0.0.1', metrics: { enabled: true }, log });
    const answer = await raw(front.address().port, `GET / HTTP/1.1\r\nx-junk: ${'j'.repeat(17_000)}`);
    expect(answer).toMatch(/^HTTP\/1.1 431 /);
    expect(body(answer)).toEqual({ error: { code: 'request/too_large', message: 'the request head is too large' } });
  });

  it('answers /metrics for all workers together, behind the token when there is one', async () => {
    front = await startFront({ script, workers: 3, port: 0, host: '127.0.0.1', metrics: { enabled: true, token: 's3cret' }, log });
    const { port } = front.address();
    const refused = await get(port, '/metrics');
    expect(refused).toMatch(/^HTTP\/1.1 401 /);
    expect(refused).toMatch(/www-authenticate: Bearer/i);
    expect(await get(port, '/metrics', 'authorization: Bearer wrong')).toMatch(/^HTTP\/1.1 401 /);
    const ok = await get(port, '/metrics', 'authorization: Bearer s3cret');
    expect(ok).toMatch(/^HTTP\/1.1 200 /);
    expect(ok).toMatch(/^echo_up 3$/m);
  });

  it('answers /readyz for all workers: ready, then degraded (still 200) while one restarts', async () => {
    front = await startFront({ script, workers: 2, port: 0, host: '127.0.0.1', metrics: { enabled: true }, log });
    const { port } = front.address();
    const all = await get(port, '/readyz');
    expect(all).toMatch(/^HTTP\/1.1 200 /);
    expect(WorkersReadiness.parse(body(all))).toEqual({
      status: 'ready',
      workers: [
        { worker: 0, status: 'ready', database: 'postgres', games: 0 },
        { worker: 1, status: 'ready', database: 'postgres', games: 1 },
      ],
    });
    const [, dead] = front.workerPids();
    process.kill(dead, 'SIGKILL');
    const deadline = Date.now() + 5_000;
    while (front.workerPids()[1] !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const degraded = await get(port, '/readyz');
    // Still 200: the front sends the missing worker's players to the other meanwhile.
    expect(degraded).toMatch(/^HTTP\/1.1 200 /);
    expect(WorkersReadiness.parse(body(degraded))).toEqual({
      status: 'degraded',
      workers: [
        { worker: 0, status: 'ready', database: 'postgres', games: 0 },
        { worker: 1, status: 'unavailable', reason: 'restarting' },
      ],
    });
    await answered<WorkersReadiness>(() => get(port, '/readyz'), (a) => a.status === 'ready');
  });

  it('answers /readyz with 503 when no worker is up', async () => {
    front = await startFront({ script, workers: 1, port: 0, host: '127.0.0.1', metrics: { enabled: true }, log });
    process.kill(front.workerPids()[0], 'SIGKILL');
    const deadline = Date.now() + 5_000;
    while (front.workerPids()[0] !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const none = await get(front.address().port, '/readyz');
    expect(none).toMatch(/^HTTP\/1.1 503 /);
    expect(body(none)).toEqual({ status: 'unavailable', workers: [{ worker: 0, status: 'unavailable', reason: 'restarting' }] });
  });

  it('starts a dead worker again, sending its connections to another meanwhile', async () => {
    front = await startFront({ script, workers: 2, port: 0, host: '127.0.0.1', metrics: { enabled: true }, log });
    const { port } = front.address();
    const cookie = `cookie: smoulder_session=${sessionOf(1)}`;
    const [, dead] = front.workerPids();
    process.kill(dead, 'SIGKILL');
    // A connection handed over as it died is closed, not left hanging: the client sees it and retries.
    const started = Date.now();
    const first = await get(port, '/', cookie).catch((err: Error) => err.message);
    expect(Date.now() - started).toBeLessThan(2_000);
    if (first.startsWith('HTTP/1.1 200')) expect(body(first)).toMatchObject({ worker: 0 });
    // Once the front has seen it go, its sessions go to the other worker until it is back.
    const deadline = Date.now() + 5_000;
    while (front.workerPids()[1] !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(front.workerPids()[1]).toBe(0);
    expect(body(await get(port, '/', cookie))).toMatchObject({ worker: 0 });
    const again = await answered(() => get(port, '/', cookie), (a) => a.worker === 1);
    expect(again.pid).not.toBe(dead);
    expect(front.workerPids()[1]).toBe(again.pid);
  });

  it('stops every worker on close', async () => {
    front = await startFront({ script, workers: 2, port: 0, host: '127.0.0.1', metrics: { enabled: true }, log });
    const pids = front.workerPids();
    await front.close();
    front = undefined;
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

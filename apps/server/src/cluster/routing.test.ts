import { describe, expect, it } from 'vitest';
import { routeOf } from './routing.ts';

const head = (requestLine: string, ...headers: string[]) => [requestLine, ...headers, '', ''].join('\r\n');
const worker = (route: ReturnType<typeof routeOf>) => (route.to === 'worker' ? route.index : -1);

describe('routeOf', () => {
  it('sends every connection of a session to the same worker, whatever the path, address or other cookies', () => {
    const cookie = 'smoulder_session=abc123';
    const a = worker(routeOf(head('GET /ws HTTP/1.1', `Cookie: ${cookie}`), '10.0.0.1', 4));
    expect(worker(routeOf(head('GET /api/me HTTP/1.1', `cookie: theme=dark; ${cookie}; x=1`), '10.9.9.9', 4))).toBe(a);
    expect(worker(routeOf(head('POST /api/account/password HTTP/1.1', 'Host: x', `COOKIE: ${cookie}`), '::1', 4))).toBe(a);
  });

  it('spreads sessions over all workers', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(worker(routeOf(head('GET /ws HTTP/1.1', `Cookie: smoulder_session=token${i}`), '127.0.0.1', 4)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });

  it('sends sign-in, registration, new guests and requests without a session by client address', () => {
    const byAddress = (address: string) => worker(routeOf(head('GET /api/me HTTP/1.1'), address, 8));
    for (const path of ['/api/guest', '/api/login', '/api/register']) {
      for (const address of ['10.0.0.1', '10.0.0.2', '2001:db8::1']) {
        expect(worker(routeOf(head(`POST ${path} HTTP/1.1`, 'Cookie: smoulder_session=one'), address, 8))).toBe(byAddress(address));
        expect(worker(routeOf(head(`POST ${path}?x=1 HTTP/1.1`, 'Cookie: smoulder_session=two'), address, 8))).toBe(byAddress(address));
      }
    }
  });

  it('does not mistake a cookie whose name only ends the same for the session', () => {
    const other = routeOf(head('GET /ws HTTP/1.1', 'Cookie: not_smoulder_session=abc'), '10.0.0.7', 16);
    expect(other).toEqual(routeOf(head('GET /ws HTTP/1.1'), '10.0.0.7', 16));
  });

  it('keeps GET /readyz for the front; /healthz goes to a worker', () => {
    expect(routeOf(head('GET /readyz HTTP/1.1'), '10.0.0.1', 2)).toEqual({ to: 'readiness' });
    expect(routeOf(head('GET /readyz?probe=1 HTTP/1.1'), '10.0.0.1', 2)).toEqual({ to: 'readiness' });
    expect(routeOf(head('HEAD /readyz HTTP/1.1'), '10.0.0.1', 2).to).toBe('worker');
    expect(routeOf(head('GET /healthz HTTP/1.1'), '10.0.0.1', 2).to).toBe('worker');
  });

  it('keeps GET /metrics for the front, query or not, and only GET', () => {
    expect(routeOf(head('GET /metrics HTTP/1.1'), '10.0.0.1', 2)).toEqual({ to: 'metrics' });
    expect(routeOf(head('GET /metrics?x=1 HTTP/1.1'), '10.0.0.1', 2)).toEqual({ to: 'metrics' });
    expect(routeOf(head('POST /metrics HTTP/1.1'), '10.0.0.1', 2).to).toBe('worker');
    expect(routeOf(head('GET /metricsx HTTP/1.1'), '10.0.0.1', 2).to).toBe('worker');
  });

  it('routes garbage somewhere rather than failing: the worker answers it as Node would', () => {
    expect(routeOf('\u0000\u0001garbage', '', 3).to).toBe('worker');
    expect(routeOf('', '', 1)).toEqual({ to: 'worker', index: 0 });
  });
});

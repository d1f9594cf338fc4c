import { SESSION_COOKIE } from '../features/accounts/session-cookie.ts';

/** Where the front sends a new connection, read off its first request's head. */
export type Route = { to: 'metrics' } | { to: 'readiness' } | { to: 'worker'; index: number };

/** Paths whose limits count per client address: all their requests must reach one worker. */
const PER_ADDRESS = new Set(['/api/guest', '/api/login', '/api/register']);

const sessionCookie = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;\\s]*)`);

/** FNV-1a: a stable, well-spread number for a string, the same in every process. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The value of a header in a request head (`\r\n`-separated, latin1), or undefined. */
export function header(head: string, name: string): string | undefined {
  for (const line of head.split('\r\n').slice(1)) {
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
  }
  return undefined;
}

/**
 * A session's connections all go to one worker (hashed from its session cookie), so a player's
 * sockets find their game in the process that holds it. The sign-in and new-guest paths, and
 * requests without a session, go by client address instead, so the per-address limits each worker
 * keeps count every attempt of an address. `GET /metrics` and `GET /readyz` are answered by the
 * front itself for all the workers together.
 */
export function routeOf(head: string, remoteAddress: string, workers: number): Route {
  const [method = '', target = ''] = head.slice(0, head.indexOf('\r\n')).split(' ');
  const path = target.split('?')[0];
  if (method === 'GET' && path === '/metrics') return { to: 'metrics' };
  if (method === 'GET' && path === '/readyz') return { to: 'readiness' };
  const session = PER_ADDRESS.has(path) ? undefined : sessionCookie.exec(header(head, 'cookie') ?? '')?.[1];
  return { to: 'worker', index: hash(session || remoteAddress) % workers };
}

import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

/**
 * Whether `origin` is one we serve: listed in ALLOWED_ORIGINS, or, with none listed, the origin the
 * request was addressed to (same host, http or https).
 */
export function originAllowed(origin: string, request: FastifyRequest, allowed: readonly string[]): boolean {
  const url = parseOrigin(origin);
  if (!url) return false;
  if (allowed.length > 0) return allowed.some((entry) => parseOrigin(entry)?.origin === url.origin);
  const host = request.headers.host;
  return host !== undefined && parseOrigin(`${url.protocol}//${host}`)?.host === url.host;
}

/** An http(s) origin as a URL (default ports dropped, so `http://a:80` is `http://a`); null for anything else. */
function parseOrigin(origin: string): URL | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The page a request came from: its Origin header, else the origin of its Referer; null when neither says. */
export function requestOrigin(request: FastifyRequest): string | null {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin;
  if (referer === undefined) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a request that changes something must come from our own pages.
 * Browsers send Origin with every POST made by fetch, so a cross-site page is refused (403) by
 * the origin it cannot hide; a request carrying the session cookie but naming no origin at all is
 * refused too. A request with neither a cookie nor an origin (a script, curl, the load generator)
 * acts for nobody and passes.
 */
export default fp<{ allowedOrigins: readonly string[]; sessionCookie: string }>(
  async (app, opts) => {
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = requestOrigin(request);
      const ok =
        origin === null
          ? request.cookies[opts.sessionCookie] === undefined
          : originAllowed(origin, request, opts.allowedOrigins);
      if (!ok) return sendError(reply, 403, 'request/cross_origin', 'this request must come from the pages of this game');
    });
  },
  { name: 'csrf', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);

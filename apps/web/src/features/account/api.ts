/**
 * The account endpoints. Every answer is checked against the protocol's schemas; anything else
 * becomes a typed failure with an HttpErrorCode the catalogs translate (`error.<code>`).
 */
import { HttpError, MeResponse, type HttpErrorCode, type Me } from '@smoulder/protocol';

export type AccountFailure = {
  ok: false;
  status: number;
  /** `network` when the server could not be reached at all. */
  code: HttpErrorCode | 'network';
  issues?: string[];
};
export type AccountResult = { ok: true; user: Me } | AccountFailure;

/** What a plain status means when the body does not say (a proxy's page, a rate limiter's own body). */
const STATUS_CODES: Record<number, HttpErrorCode> = {
  400: 'request/invalid',
  401: 'auth/required',
  404: 'request/not_found',
  409: 'auth/email_taken',
  413: 'request/too_large',
  429: 'request/rate_limited',
};

export function failureFrom(status: number, body: unknown, fallback?: HttpErrorCode): AccountFailure {
  const parsed = HttpError.safeParse(body);
  if (parsed.success) {
    const { code, issues } = parsed.data.error;
    return issues ? { ok: false, status, code, issues } : { ok: false, status, code };
  }
  return { ok: false, status, code: fallback ?? STATUS_CODES[status] ?? 'server/error' };
}

export function userFrom(status: number, body: unknown, fallback?: HttpErrorCode): AccountResult {
  if (status >= 200 && status < 300) {
    const parsed = MeResponse.safeParse(body);
    if (parsed.success) return { ok: true, user: parsed.data.user };
    return { ok: false, status, code: 'server/error' };
  }
  return failureFrom(status, body, status === 401 ? fallback : undefined);
}

export interface AccountApi {
  me(): Promise<AccountResult>;
  guest(): Promise<AccountResult>;
  register(email: string, password: string): Promise<AccountResult>;
  login(email: string, password: string): Promise<AccountResult>;
  logout(): Promise<{ ok: true } | AccountFailure>;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export function createAccountApi(fetcher: Fetch = (input, init) => fetch(input, init)): AccountApi {
  async function call(path: string, method: 'GET' | 'POST', body?: unknown): Promise<{ status: number; body: unknown }> {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    // No content-type without a body: the server would refuse an empty JSON body.
    if (body !== undefined) {
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const response = await fetcher(path, init);
    let parsed: unknown = null;
    if (response.status !== 204) {
      try {
        parsed = await response.json();
      } catch {
        parsed = null;
      }
    }
    return { status: response.status, body: parsed };
  }

  async function user(path: string, method: 'GET' | 'POST', body?: unknown, on401?: HttpErrorCode): Promise<AccountResult> {
    try {
      const res = await call(path, method, body);
      return userFrom(res.status, res.body, on401);
    } catch {
      return { ok: false, status: 0, code: 'network' };
    }
  }

  return {
    me: () => user('/api/me', 'GET'),
    guest: () => user('/api/guest', 'POST'),
    register: (email, password) => user('/api/register', 'POST', { email, password }),
    login: (email, password) => user('/api/login', 'POST', { email, password }, 'auth/invalid_credentials'),
    async logout() {
      try {
        const res = await call('/api/logout', 'POST');
        return res.status < 300 ? { ok: true } : failureFrom(res.status, res.body);
      } catch {
        return { ok: false, status: 0, code: 'network' };
      }
    },
  };
}

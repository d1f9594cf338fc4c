import { describe, expect, it } from 'vitest';
import { createAccountApi, failureFrom, userFrom } from './api.ts';
import { checkCredentials, hasErrors, issuesToFields } from './validation.ts';

const user = { id: 'u1', email: null, guest: true, admin: false };

function fakeFetch(status: number, body?: unknown) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetcher = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
  return { calls, fetcher };
}

describe('account answers', () => {
  it('reads a user from a 200', () => {
    expect(userFrom(200, { user })).toEqual({ ok: true, user });
    expect(userFrom(200, { nope: 1 })).toMatchObject({ ok: false, code: 'server/error' });
  });

  it('reads the error code from an HttpError body', () => {
    const body = { error: { code: 'auth/email_taken', message: 'taken' } };
    expect(failureFrom(409, body)).toEqual({ ok: false, status: 409, code: 'auth/email_taken' });
    const invalid = { error: { code: 'request/invalid', message: 'bad', issues: ['password: too short'] } };
    expect(failureFrom(400, invalid)).toEqual({ ok: false, status: 400, code: 'request/invalid', issues: ['password: too short'] });
  });

  it('falls back to the status when the body is something else', () => {
    expect(failureFrom(429, { statusCode: 429, error: 'Too Many Requests' }).code).toBe('request/rate_limited');
    expect(failureFrom(502, '<html>').code).toBe('server/error');
    expect(userFrom(401, null, 'auth/invalid_credentials')).toMatchObject({ ok: false, code: 'auth/invalid_credentials' });
  });
});

describe('account requests', () => {
  it('posts credentials as JSON and reads the user back', async () => {
    const { calls, fetcher } = fakeFetch(200, { user: { ...user, email: 'a@b.cd', guest: false } });
    const result = await createAccountApi(fetcher).register('a@b.cd', 'long enough pass');
    expect(result).toMatchObject({ ok: true, user: { email: 'a@b.cd' } });
    expect(calls[0].url).toBe('/api/register');
    expect(calls[0].init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ email: 'a@b.cd', password: 'long enough pass' });
    expect(calls[0].init?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('sends no JSON content type when there is no body', async () => {
    const { calls, fetcher } = fakeFetch(204);
    expect(await createAccountApi(fetcher).logout()).toEqual({ ok: true });
    expect(calls[0].init?.headers).not.toHaveProperty('content-type');
    expect(calls[0].init?.body).toBeUndefined();
  });

  it('a wrong password on login is invalid credentials', async () => {
    const { fetcher } = fakeFetch(401, {});
    expect(await createAccountApi(fetcher).login('a@b.cd', 'x')).toMatchObject({ ok: false, code: 'auth/invalid_credentials' });
  });

  it('a missing session on /api/me is auth/required', async () => {
    const { fetcher } = fakeFetch(401, { error: { code: 'auth/required', message: 'no' } });
    expect(await createAccountApi(fetcher).me()).toMatchObject({ ok: false, status: 401, code: 'auth/required' });
  });

  it('an unreachable server is a network failure', async () => {
    const api = createAccountApi(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await api.guest()).toEqual({ ok: false, status: 0, code: 'network' });
  });
});

describe('credential checks', () => {
  it('asks for both fields', () => {
    expect(checkCredentials('', '', 'sign_in')).toEqual({ email: { key: 'account.form.required' }, password: { key: 'account.form.required' } });
  });

  it('checks the email shape and, when claiming, the password length', () => {
    expect(checkCredentials('nope', 'short', 'claim')).toEqual({
      email: { key: 'account.form.email_invalid' },
      password: { key: 'account.form.password_short', params: { min: 10 } },
    });
    expect(hasErrors(checkCredentials('me@example.com', 'short', 'sign_in'))).toBe(false);
    expect(hasErrors(checkCredentials(' Me@Example.com ', 'ten chars!', 'claim'))).toBe(false);
    expect(checkCredentials('me@example.com', 'x'.repeat(201), 'claim').password?.key).toBe('account.form.password_long');
  });

  it('pins server issues to their fields', () => {
    expect(issuesToFields(['email: not a valid email address'])).toEqual({ email: { key: 'account.form.email_invalid' } });
    expect(issuesToFields(['password: the password needs at least 10 characters']).password?.key).toBe('account.form.password_rules');
    expect(issuesToFields(undefined)).toEqual({});
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { testBackends } from '../db/test-database.ts';
import { main } from './admin.ts';

describe.each(testBackends())('npm run admin on $name', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
    await db.prisma.user.create({ data: { email: 'ash@example.com' } });
  });
  afterAll(() => db?.close());

  /** Runs the CLI on the test database (kept open: the CLI closes what it opened). */
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, {}, { out: (l) => out.push(l), err: (l) => err.push(l) }, async () => ({ ...db, close: async () => {} }));
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const isAdmin = async () => (await db.prisma.user.findUniqueOrThrow({ where: { email: 'ash@example.com' } })).isAdmin;

  it('grants the admin role by email, case-insensitively, and says so', async () => {
    expect(await run('grant', 'Ash@Example.com')).toEqual({ code: 0, out: 'ash@example.com is now an admin (effective on their next request)', err: '' });
    expect(await isAdmin()).toBe(true);
    expect((await run('grant', 'ash@example.com')).out).toMatch(/already an admin; nothing changed/);
  });

  it('revokes it', async () => {
    expect(await run('revoke', 'ash@example.com')).toMatchObject({ code: 0, out: 'ash@example.com is no longer an admin (effective on their next request)' });
    expect(await isAdmin()).toBe(false);
    expect((await run('revoke', 'ash@example.com')).out).toMatch(/was not an admin/);
  });

  it('exits 1 for an unknown email and 2 for a wrong command line', async () => {
    expect(await run('grant', 'nobody@example.com')).toMatchObject({ code: 1, err: expect.stringMatching(/no account has the email nobody@example.com/) });
    for (const argv of [[], ['grant'], ['promote', 'ash@example.com'], ['grant', 'a@b.c', 'extra']]) {
      expect(await run(...argv)).toMatchObject({ code: 2, err: expect.stringMatching(/^usage: npm run admin -- grant <email> \| revoke <email>$/) });
    }
    expect(await isAdmin()).toBe(false);
  });
});

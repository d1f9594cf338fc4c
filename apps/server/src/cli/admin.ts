/**
 * `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: gives an account the admin
 * role or takes it away, on the database the server uses (DATABASE_URL, else the embedded PGlite
 * in DATA_DIR; stop the server first in that case: PGlite allows one process at a time).
 * Exit codes: 0 done (or already so), 1 no account with that email, 2 usage, 3 failure (e.g. no database).
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { setAdmin } from '../features/admin/repo.ts';

const USAGE = 'usage: npm run admin -- grant <email> | revoke <email>';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = consoleIo,
  open: () => Promise<Database> = () => {
    const config = loadConfig(env);
    return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  },
): Promise<number> {
  const [command, email, ...rest] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) {
    io.err(USAGE);
    return 2;
  }
  const db = await open();
  try {
    const grant = command === 'grant';
    const result = await setAdmin(db.prisma, email, grant);
    if (!result) {
      io.err(`no account has the email ${email.trim().toLowerCase()} (a guest must claim an account first)`);
      return 1;
    }
    if (!result.changed) io.out(`${result.email} ${grant ? 'is already an admin' : 'was not an admin'}; nothing changed`);
    else io.out(`${result.email} ${grant ? 'is now an admin' : 'is no longer an admin'} (effective on their next request)`);
    return 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (err) {
    console.error(`admin: ${(err as Error).message}`);
    process.exitCode = 3;
  }
}

import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';

// The JS engine with a driver adapter keeps the CLI from downloading native engines, which
// is impossible offline and behind strict firewalls. Commands that talk to a database
// (migrate diff) go through this adapter.
const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

// The CLI's update check (checkpoint.prisma.io) only costs a DNS lookup that fails offline.
process.env.CHECKPOINT_DISABLE ??= '1';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  adapter: async () =>
    new PrismaPg({
      connectionString: process.env.DATABASE_URL ?? LOCAL_DATABASE_URL,
      // The CLI never closes the pool; without this it idles for pg's 10 s timeout before exiting.
      allowExitOnIdle: true,
    }),
});

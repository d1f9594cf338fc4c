import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { readiness } from './readiness.ts';

/** Just what readiness reads of the app: its database, its cluster link, its loaded games. */
function appWith({ database = true, cluster }: { database?: boolean; cluster?: { up: boolean } }): FastifyInstance {
  const query = async () => {
    if (!database) throw new Error('connection refused');
    return [{ '?column?': 1 }];
  };
  return {
    db: { kind: 'postgres', prisma: { $queryRawUnsafe: query } },
    gameCluster: cluster,
    games: { loaded: 7 },
    log: pino({ level: 'silent' }),
  } as unknown as FastifyInstance;
}

describe('readiness', () => {
  it('is ready with the database answering, and says how many games it holds', async () => {
    expect(await readiness(appWith({}))).toEqual({ status: 'ready', database: 'postgres', games: 7 });
    expect(await readiness(appWith({ cluster: { up: true } }))).toEqual({ status: 'ready', database: 'postgres', games: 7 });
  });

  it('is unavailable, saying why, when the database does not answer', async () => {
    expect(await readiness(appWith({ database: false }))).toEqual({ status: 'unavailable', reason: 'database not reachable' });
  });

  it('is unavailable when the connection holding its players’ locks is down', async () => {
    expect(await readiness(appWith({ cluster: { up: false } }))).toEqual({ status: 'unavailable', reason: 'cluster connection down' });
  });
});

import { randomInt } from 'node:crypto';
import { newGame, type GameState } from '@smoulder/engine';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { createSave } from './save-repo.ts';

/** Every player starts in the same dark room; only the seed of their world differs. */
export async function startNewGame(prisma: PrismaClient, userId: string): Promise<{ state: GameState; revision: number }> {
  const state = newGame(randomInt(0, 2 ** 31));
  const { revision } = await createSave(prisma, userId, state, state.version);
  return { state, revision };
}

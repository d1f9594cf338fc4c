import { randomInt } from 'node:crypto';
import { newGame, type GameState } from '@smoulder/engine';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { MilestoneReached } from '../analytics/analytics.ts';
import { createSave } from './save-repo.ts';

/** Where a new game's `new_game` milestone goes (the analytics recorder, which never throws). */
export interface MilestoneSink {
  milestone(event: MilestoneReached): void;
}

/** Every player starts in the same dark room; only the seed of their world differs. */
export async function startNewGame(
  prisma: PrismaClient,
  userId: string,
  milestones?: MilestoneSink,
): Promise<{ state: GameState; revision: number; gameId: string }> {
  const state = newGame(randomInt(0, 2 ** 31));
  const { revision, gameId } = await createSave(prisma, userId, state, state.version);
  milestones?.milestone({ userId, gameId, milestone: NEW_GAME, playMs: state.clock });
  return { state, revision, gameId };
}

/** The milestone the server adds when a game is created (the engine's own start at `fire_lit`). */
export const NEW_GAME = 'new_game';

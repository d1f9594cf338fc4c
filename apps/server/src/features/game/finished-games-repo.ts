import { randomUUID } from 'node:crypto';
import type { GameState } from '@smoulder/engine';
import type { PrismaClient } from '../../generated/prisma/client.ts';

/** A won game as the account keeps it. */
export interface FinishedGameRow {
  gameId: string;
  score: number;
  total: number;
  beacon: boolean;
  playMs: number;
  finishedAt: Date;
}

/**
 * Keeps a won game on the account and gives the save a new game id for the game that follows (so
 * its milestones are its own), in one transaction. Returns the new game id. A game already
 * recorded (a retry) is not recorded twice: the unique game id refuses it and nothing changes.
 */
export async function recordFinishedGame(
  prisma: PrismaClient,
  userId: string,
  gameId: string,
  finished: GameState,
): Promise<string> {
  const ending = finished.ending;
  if (!ending) throw new TypeError('only a finished game can be recorded');
  const nextGameId = randomUUID();
  await prisma.$transaction(async (tx) => {
    // Recorded already (the restart that followed was lost, say to a crash): the save just moves on.
    // When it was won (the clock itself runs on, idle, after the ending).
    const playMs = BigInt(Math.round(finished.milestones.game_won ?? finished.clock));
    const again = await tx.finishedGame.findFirst({ where: { userId, playMs, total: BigInt(ending.total) }, select: { id: true } });
    if (again) {
      await tx.save.update({ where: { userId }, data: { gameId: nextGameId } });
      return;
    }
    await tx.finishedGame.create({
      data: {
        userId,
        gameId,
        score: BigInt(ending.score),
        total: BigInt(ending.total),
        beacon: ending.beacon,
        playMs,
        prestige: finished.prestige.stores ?? {},
      },
    });
    await tx.save.update({ where: { userId }, data: { gameId: nextGameId } });
  });
  return nextGameId;
}

/** The account's won games, newest first. */
export async function listFinishedGames(prisma: PrismaClient, userId: string): Promise<FinishedGameRow[]> {
  const rows = await prisma.finishedGame.findMany({ where: { userId }, orderBy: { finishedAt: 'desc' } });
  return rows.map((r) => ({
    gameId: r.gameId,
    score: Number(r.score),
    total: Number(r.total),
    beacon: r.beacon,
    playMs: Number(r.playMs),
    finishedAt: r.finishedAt,
  }));
}

/**
 * Which server process runs a player's game. Everything that loads a game asks here first, so
 * running several processes on one database changes only this module (and ownership-pg.ts, its
 * Postgres implementation, with relay.ts for sockets that reach a process not running their game).
 */
export interface PlayerOwnership {
  /** True when this process may run the player's game now. */
  acquire(userId: string): Promise<boolean>;
  release(userId: string): Promise<void>;
  /**
   * Other processes may run the game too: a load must fence the save (bump its revision), so that
   * a previous owner's late write fails instead of landing after the new owner read the game.
   */
  readonly fenceSaves?: boolean;
}

/** A single process owns every player. */
export const singleProcessOwnership: PlayerOwnership = {
  acquire: async () => true,
  release: async () => {},
};

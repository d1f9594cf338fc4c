/**
 * Which server process runs a player's game. Everything that loads a game asks here first, so
 * running several processes on one database changes only this module.
 */
export interface PlayerOwnership {
  /** True when this process may run the player's game now. */
  acquire(userId: string): Promise<boolean>;
  release(userId: string): Promise<void>;
}

/** A single process owns every player. */
export const singleProcessOwnership: PlayerOwnership = {
  acquire: async () => true,
  release: async () => {},
};

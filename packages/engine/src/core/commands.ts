import type { BuildingId } from '../content/buildings.ts';

/** Everything a player can ask of the game. The protocol's zod schema must accept exactly these. */
export type Command =
  | { type: 'light_fire' }
  | { type: 'stoke_fire' }
  | { type: 'gather_wood' }
  | { type: 'check_traps' }
  | { type: 'build'; building: BuildingId };

export type CommandType = Command['type'];

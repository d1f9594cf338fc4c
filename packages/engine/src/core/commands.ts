import type { BuildingId } from '../content/buildings.ts';
import type { OptionId } from './settings.ts';
import type { Location } from './state.ts';

/** Everything a player can ask of the game. The protocol's zod schema must accept exactly these. */
export type Command =
  | { type: 'light_fire' }
  | { type: 'stoke_fire' }
  | { type: 'gather_wood' }
  | { type: 'check_traps' }
  | { type: 'build'; building: BuildingId }
  | { type: 'craft'; item: string }
  | { type: 'buy'; item: string }
  | { type: 'assign'; job: string; delta: 1 | -1 | 10 | -10 }
  | { type: 'travel'; to: Location }
  | { type: 'set_option'; option: OptionId; value: boolean }
  | { type: 'event_choose'; button: string };

export type CommandType = Command['type'];

/** What may still be done while an event holds the screen. */
export const ALLOWED_DURING_EVENT: ReadonlySet<CommandType> = new Set(['event_choose', 'set_option']);

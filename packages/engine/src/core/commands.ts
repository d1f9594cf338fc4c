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
  | { type: 'travel'; to: Exclude<Location, 'world'> }
  | { type: 'set_option'; option: OptionId; value: boolean }
  | { type: 'event_choose'; button: string }
  | { type: 'outfit'; item: string; delta: 1 | -1 | 10 | -10 }
  | { type: 'embark' }
  | { type: 'move'; dir: Direction }
  | { type: 'attack'; weapon: string }
  | { type: 'fight_support'; action: SupportAction }
  | { type: 'take'; item: string; all: boolean }
  | { type: 'take_everything' }
  | { type: 'drop'; item: string; take: string }
  | { type: 'lift_off'; confirmed: boolean }
  | { type: 'flight_report'; inputs: string; outcome: 'crashed' | 'escaped' }
  | { type: 'flight_abandon' }
  | { type: 'fabricate'; item: string }
  | { type: 'reinforce_hull' }
  | { type: 'upgrade_engine' };

export const DIRECTIONS = ['north', 'south', 'east', 'west'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The fight's buttons besides the weapons: eat, medicine, hypo, the stim's boost, the shield. */
export const SUPPORT_ACTIONS = ['eat', 'meds', 'hypo', 'boost', 'shield'] as const;
export type SupportAction = (typeof SUPPORT_ACTIONS)[number];

export type CommandType = Command['type'];

/** What may still be done while an event holds the screen. */
export const ALLOWED_DURING_EVENT: ReadonlySet<CommandType> = new Set([
  'event_choose',
  'set_option',
  'attack',
  'fight_support',
  'take',
  'take_everything',
  'drop',
]);

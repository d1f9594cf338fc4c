/** Moments of the opening the game remembers (with the clock time first reached), in the usual order. */
export const MILESTONE_IDS = [
  'fire_lit',
  'builder_arrived',
  'forest_opened',
  'first_gather',
  'builder_helping',
  'first_trap',
  'first_hut',
  'first_villagers',
  'village_10',
  'village_20',
  'village_40',
  'village_80',
  'lodge',
  'trading_post',
  'workshop',
  'compass',
  'thieves',
  'first_event',
] as const;

export type MilestoneId = (typeof MILESTONE_IDS)[number];

/** Moments of the opening the game remembers (with the clock time first reached), in the usual order. */
export const MILESTONE_IDS = [
  'fire_lit',
  'builder_arrived',
  'forest_opened',
  'first_gather',
  'builder_helping',
  'first_trap',
] as const;

export type MilestoneId = (typeof MILESTONE_IDS)[number];

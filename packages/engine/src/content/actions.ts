/**
 * The player's buttons as data: which cooldown group each one uses and how long that lasts.
 * Light and stoke share one group, so switching between them keeps the full cooldown.
 */
export const COOLDOWNS = {
  fire: 10_000,
  gather: 60_000,
  traps: 90_000,
} as const;

export type CooldownGroup = keyof typeof COOLDOWNS;

export const ACTIONS = {
  light_fire: { cooldown: 'fire' },
  stoke_fire: { cooldown: 'fire' },
  gather_wood: { cooldown: 'gather' },
  check_traps: { cooldown: 'traps' },
} as const satisfies Record<string, { cooldown: CooldownGroup }>;

export type ActionId = keyof typeof ACTIONS;

export const LIGHT_COST = 5;
export const STOKE_COST = 1;
export const GATHER_YIELD = 10;
export const GATHER_YIELD_WITH_CART = 50;

import type { Ctx } from '../core/context.ts';

export type DeathCause = 'combat' | 'starvation' | 'thirst';

/**
 * Back on the village tile: the trip's map and flags committed, mines granted, blueprints redeemed,
 * the bag unpacked into the stores, the remembered part of the loadout kept for next time.
 */
export function goHome(_ctx: Ctx): void {}

/** Death out there: the trip's map and the whole bag lost, back in the room, embarking cools down 120 s. */
export function die(_ctx: Ctx, _cause: DeathCause): void {}

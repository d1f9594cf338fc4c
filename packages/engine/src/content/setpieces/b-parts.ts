import type { EnemyDef } from '../../combat/types.ts';
import type { EventButton, EventScene, LootTable, Next } from '../../events/types.ts';

/**
 * Small builders shared by the town and the city, so their scene graphs read like the spec's
 * tables (events/07). Nothing here decides anything: every number is passed in.
 */

/** How long a button stays locked after its scene appears (the spec's ⏱1s). */
export const LOCK_MS = 1000;

/** A loot row; `min` and `max` are both included (the spec's "effective" column). */
export const drop = (min: number, max: number, chance: number) => ({ min, max, chance });

/** An enemy as a row of the spec's enemy table. */
export function foe(
  id: string,
  glyph: string,
  health: number,
  damage: number,
  hit: number,
  attackDelay: number,
  ranged = false,
): EnemyDef {
  return { id, glyph, health, damage, hit, attackDelay, ranged };
}

/** Goes to `next` at once. */
export const go = (next: Next): EventButton => ({ next });

/** Goes to `next` once its scene has shown for a second (loot scenes, after a fight). */
export const goSlow = (next: Next): EventButton => ({ cooldown: LOCK_MS, next });

/** Walks out of the landmark now: nothing on the map changes. */
export const leave: EventButton = go('end');

/** Walks out, locked for a second after the scene appears. */
export const leaveSlow: EventButton = goSlow('end');

/** Goes deeper at the price of one torch (waived in the world by a glowstone in the bag). */
export const withTorch = (next: Next): EventButton => ({ cost: { torch: 1 }, next });

/** A fight whose won screen offers `button` onwards, or a retreat. */
export function fight(enemy: EnemyDef, loot: LootTable, button: string, next: Next): EventScene {
  return { combat: enemy, loot, buttons: { [button]: goSlow(next), leave: leaveSlow } };
}

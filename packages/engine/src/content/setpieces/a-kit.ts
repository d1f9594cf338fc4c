import type { EnemyDef } from '../../combat/types.ts';
import type { EventButton, LootTable, Next } from '../../events/types.ts';

/*
 * Small builders the landmarks of spec events/06 share. Everything they make is plain data; the
 * numbers stay in the landmark files, beside the spec table they come from.
 */

/** The spec's ⏱1s: a button locked for a second after its scene appears (the original's leave pause). */
export const LEAVE_COOLDOWN = 1000;

/** A button that moves on (`'end'` closes), optionally locked for a second when it appears. */
export function go(next: Next, locked = false): EventButton {
  return locked ? { cooldown: LEAVE_COOLDOWN, next } : { next };
}

/** A loot row: a whole number in [min, max] (both included; the spec's "effective" column), dropped with `chance`. */
export function drop(min: number, max: number, chance = 1): LootTable[string] {
  return { min, max, chance };
}

/** An enemy on foot (not ranged) unless told otherwise, hitting four times in five. */
export function enemy(
  id: string,
  glyph: string,
  health: number,
  damage: number,
  attackDelay: number,
  extra: Partial<Omit<EnemyDef, 'id' | 'glyph' | 'health' | 'damage' | 'attackDelay'>> = {},
): EnemyDef {
  return { id, glyph, health, damage, hit: 0.8, attackDelay, ranged: false, ...extra };
}

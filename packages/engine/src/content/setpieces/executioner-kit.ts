import type { EnemyDef } from '../../combat/types.ts';
import type { GameState } from '../../core/state.ts';
import type { EventButton, EventCtx, EventScene, LootTable, Next } from '../../events/types.ts';
import { maxHealth } from '../../path/capacity.ts';
import { drop, foe, go, goSlow, leave } from './b-parts.ts';

/*
 * What the ravaged battleship's six events share (spec events/08): its event ids, the flags its
 * rooms set, the four machines that roam every wing (§2), and small scene builders. The numbers
 * stay beside the spec tables they come from.
 *
 * Ids follow the project's snake_case: the spec's `executioner-intro` is `executioner_intro`, and a
 * scene `2-1a` is `s2_1a` (`start` keeps its name).
 */

export const INTRO = 'executioner_intro';
export const ANTECHAMBER = 'executioner_antechamber';
export const ENGINEERING = 'executioner_engineering';
export const MARTIAL = 'executioner_martial';
export const MEDICAL = 'executioner_medical';
export const COMMAND = 'executioner_command';

/** The battleship's progress: `executioner` once inside, then one flag per wing cleared. */
export type ShipFlag = 'executioner' | 'engineering' | 'medical' | 'martial';
export const WINGS = ['engineering', 'medical', 'martial'] as const satisfies readonly ShipFlag[];

/**
 * Whether the battleship has this behind it: set on the current trip, or brought home alive from an
 * earlier one (a safe return copies the trip's flags into the lasting ones; a death loses them).
 */
export function shipDone(state: GameState, flag: ShipFlag): boolean {
  return state.expedition?.flags[flag] === true || state.flags[flag] === true;
}

/** Which event the battleship tile opens: the way in until it is found, then the elevator bank. */
export function executionerEntry(state: GameState): string {
  return shipDone(state, 'executioner') ? ANTECHAMBER : INTRO;
}

/** A working regenerator: the wanderer's health back to the most their armour allows. */
export function regenerate(ctx: EventCtx): void {
  const trip = ctx.state.expedition;
  if (trip) trip.hp = maxHealth(ctx.state);
}

// ---------------------------------------------------------------------------------------------
// The ship's own machines (§2), each with what it leaves behind.

export const guard = foe('battleship_mechanical_guard', 'G', 60, 10, 0.8, 2, true);
export const GUARD_LOOT: LootTable = {
  'energy cell': drop(1, 4, 0.8),
  'laser rifle': drop(1, 1, 0.8),
  'alien alloy': drop(1, 1, 0.2),
};

/** Its loot keeps what the original really drops: only the 20 % row (the decision table). */
export const quadruped = foe('battleship_mechanical_quadruped', 'Q', 70, 8, 0.8, 1);
export const QUADRUPED_LOOT: LootTable = { 'alien alloy': drop(2, 3, 0.2) };

/** Brought to 40 or less, its next bite poisons (half its damage, each second, to the fight's end). */
export const medic: EnemyDef = { ...foe('battleship_broken_medic', 'M', 80, 15, 0.8, 3), atHealth: { 40: 'venom' } };
export const MEDIC_LOOT: LootTable = { 'alien alloy': drop(1, 1, 1), hypo: drop(1, 3, 0.2) };

export const turret = foe('battleship_defence_turret', 'T', 50, 25, 0.8, 4, true);
export const TURRET_LOOT: LootTable = {
  'energy cell': drop(1, 4, 0.8),
  'alien alloy': drop(1, 1, 0.8),
  'laser rifle': drop(1, 1, 0.2),
};

// ---------------------------------------------------------------------------------------------
// Scene builders.

/** A room passed through: `continue` to `next` or `leave` the ship, with whatever lies about. */
export function room(next: Next, loot?: LootTable): EventScene {
  return loot ? { loot, buttons: { continue: go(next), leave } } : { buttons: { continue: go(next), leave } };
}

/** A fight: once won, `continue` to `next` or `leave`, both locked for a second. */
export function clash(enemy: EnemyDef, loot: LootTable, next: Next): EventScene {
  return { combat: enemy, loot, buttons: { continue: goSlow(next), leave: goSlow('end') } };
}

/** A wing's guardian: once won, only onwards (after a second). */
export function guardian(enemy: EnemyDef, loot: LootTable, next: string): EventScene {
  return { combat: enemy, loot, buttons: { continue: goSlow(next) } };
}

/** A regenerator's button: one alien alloy for full health, then on to `next`. */
export function regenerator(next: string): EventButton {
  return { cost: { 'alien alloy': 1 }, effect: regenerate, next };
}

import { notice, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import { grantPerk } from '../core/perks.ts';
import { nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import {
  FISTS,
  FISTS_MASTER_COOLDOWN,
  HIT_CHANCE,
  HIT_CHANCE_PRECISE,
  PUNCH_PERKS,
  WEAPONS,
  weaponById,
  type WeaponDef,
} from '../content/weapons.ts';
import { STUN_MS, enemyOf, hasStatus, hitEnemy } from './fight.ts';

/** The cooldown group of a weapon in `state.cooldowns`. */
export const weaponCooldownKey = (weapon: string) => `weapon:${weapon}`;

/** Whether one use of the weapon's ammo is in the bag (always, for weapons without ammo). */
export function hasAmmo(state: GameState, weapon: WeaponDef): boolean {
  if (!weapon.ammo) return true;
  return (state.expedition?.bag[weapon.ammo.item] ?? 0) >= weapon.ammo.per;
}

/**
 * The attack buttons of the fight, in the world's order: every weapon carried, and the fists when
 * nothing carried can do damage (stun-only weapons and empty guns do not count).
 */
export function fightWeapons(state: GameState): WeaponDef[] {
  const bag = state.expedition?.bag ?? {};
  const carried = WEAPONS.filter((w) => w.id !== FISTS && (bag[w.id] ?? 0) > 0);
  const canHurt = carried.some((w) => typeof w.damage === 'number' && w.damage > 0 && hasAmmo(state, w));
  return canHurt ? carried : [WEAPONS[0], ...carried];
}

/** How long a weapon rests after use: its own cooldown (fists quicker for a master), halved under the boost. */
export function weaponCooldown(state: GameState, weapon: WeaponDef, now: number): number {
  let ms = weapon.id === FISTS && state.character.perks['unarmed master'] ? FISTS_MASTER_COOLDOWN : weapon.cooldown;
  if (state.fight && hasStatus(state.fight.playerStatus, 'boost', now)) ms /= 2;
  return ms;
}

/** The player's swing or shot with one weapon from the bag, each weapon on its own cooldown. */
export function checkAttack(state: GameState, weapon: string, now: number): EngineError | null {
  const fight = state.fight;
  if (!fight || fight.won || fight.hp <= 0 || !enemyOf(state) || !state.expedition) {
    return engineError('fight/over', 'error.fight.over');
  }
  const def = weaponById(weapon);
  if (!def || !fightWeapons(state).includes(def)) return engineError('action/unavailable', 'error.action.unavailable');
  const readyAt = state.cooldowns[weaponCooldownKey(weapon)] ?? 0;
  if (readyAt > now) {
    return engineError('action/cooling_down', 'error.action.cooling_down', { seconds: Math.ceil((readyAt - now) / 1000) });
  }
  if (!hasAmmo(state, def)) return engineError('cost/not_enough', 'error.cost.not_enough', { resource: def.ammo!.item });
  return null;
}

/** Damage of a hit after the perks: the punch perks multiply, the barbarian's blade strikes half again. */
export function hitDamage(state: GameState, weapon: WeaponDef): number {
  let damage = weapon.damage as number;
  const perks = state.character.perks;
  if (weapon.class === 'unarmed') {
    if (perks.boxer) damage *= 2;
    if (perks['martial artist']) damage *= 3;
    if (perks['unarmed master']) damage *= 2;
  } else if (weapon.class === 'melee' && perks.barbarian) {
    damage = Math.floor(damage * 1.5);
  }
  return damage;
}

export function attack(ctx: Ctx, weapon: string): void {
  const { state } = ctx;
  const fight = state.fight!;
  const enemy = enemyOf(state)!;
  const def = weaponById(weapon)!;
  state.cooldowns[weaponCooldownKey(def.id)] = ctx.now + weaponCooldown(state, def, ctx.now);
  if (def.class === 'unarmed') {
    state.character.punches += 1;
    for (const [count, perk] of PUNCH_PERKS) if (state.character.punches === count) grantPerk(ctx, perk);
  }
  if (def.ammo) {
    const bag = state.expedition!.bag;
    const left = (bag[def.ammo.item] ?? 0) - def.ammo.per;
    if (left > 0) bag[def.ammo.item] = left;
    else delete bag[def.ammo.item];
  }
  const aim = state.character.perks.precise ? HIT_CHANCE_PRECISE : HIT_CHANCE;
  if (nextFloat(state.rng) > aim) {
    notice(ctx, 'notice.fight.miss');
    return;
  }
  if (def.damage === 'stun') {
    // The latest stun wins: it lasts its full time from now.
    fight.enemyStatus.stunned = ctx.now + STUN_MS;
    notice(ctx, 'notice.fight.stunned');
    return;
  }
  hitEnemy(ctx, fight, enemy, hitDamage(state, def));
}

/** How a weapon is swung: bare hands (the punch perks), a blade (barbarian) or something thrown or fired. */
export type WeaponClass = 'unarmed' | 'melee' | 'ranged';

/** A weapon as data (spec core/06 §1); its words live in the catalogs. */
export interface WeaponDef {
  id: string;
  class: WeaponClass;
  /** Damage per hit, or `stun`: a hit stops the enemy's attacks for a while. */
  damage: number | 'stun';
  /** Milliseconds before it can be used again. */
  cooldown: number;
  /** What one use spends from the bag (a grenade or bolas spends itself). */
  ammo?: { item: string; per: number };
}

/** Bare hands: always there when nothing better is. */
export const FISTS = 'fists';
/** The fists' cooldown with the `unarmed master` perk. */
export const FISTS_MASTER_COOLDOWN = 1000;

/** In the world's order, which is the order the fight shows them in. */
export const WEAPONS: readonly WeaponDef[] = [
  { id: FISTS, class: 'unarmed', damage: 1, cooldown: 2000 },
  { id: 'bone spear', class: 'melee', damage: 2, cooldown: 2000 },
  { id: 'iron sword', class: 'melee', damage: 4, cooldown: 2000 },
  { id: 'steel sword', class: 'melee', damage: 6, cooldown: 2000 },
  { id: 'bayonet', class: 'melee', damage: 8, cooldown: 2000 },
  { id: 'rifle', class: 'ranged', damage: 5, cooldown: 1000, ammo: { item: 'bullets', per: 1 } },
  { id: 'laser rifle', class: 'ranged', damage: 8, cooldown: 1000, ammo: { item: 'energy cell', per: 1 } },
  { id: 'grenade', class: 'ranged', damage: 15, cooldown: 5000, ammo: { item: 'grenade', per: 1 } },
  { id: 'bolas', class: 'ranged', damage: 'stun', cooldown: 15_000, ammo: { item: 'bolas', per: 1 } },
  { id: 'plasma rifle', class: 'ranged', damage: 12, cooldown: 1000, ammo: { item: 'energy cell', per: 1 } },
  { id: 'energy blade', class: 'melee', damage: 10, cooldown: 2000 },
  { id: 'disruptor', class: 'ranged', damage: 'stun', cooldown: 15_000 },
];

const BY_ID = new Map(WEAPONS.map((w) => [w.id, w]));

export function weaponById(id: string): WeaponDef | undefined {
  return BY_ID.get(id);
}

/** The player's chance to hit, and with the `precise` perk. */
export const HIT_CHANCE = 0.8;
export const HIT_CHANCE_PRECISE = 0.9;

/** Punches that teach each unarmed perk (reached exactly). */
export const PUNCH_PERKS: ReadonlyArray<readonly [punches: number, perk: string]> = [
  [50, 'boxer'],
  [150, 'martial artist'],
  [300, 'unarmed master'],
];

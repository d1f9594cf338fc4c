import type { GameState } from '../core/state.ts';
import type { SupportAction } from '../core/commands.ts';
import { checkAttack, fightWeapons, weaponCooldown, weaponCooldownKey } from './attack.ts';
import { enemyOf, playerMaxHp } from './fight.ts';
import { SUPPORT, checkSupport, supportCooldownKey, supportShown } from './support.ts';

export interface FightButton {
  /** A weapon id, or a support action. */
  id: string;
  /** Clock time it can be used again (0 when ready), and the full cooldown for a progress bar. */
  readyAt: number;
  cooldown: number;
  /** Cannot be used now for a reason other than its cooldown (no ammo, nothing to heal, none left). */
  disabled: boolean;
}

export interface FightView {
  enemy: string;
  glyph: string;
  enemyHp: number;
  enemyMaxHp: number;
  playerHp: number;
  playerMaxHp: number;
  won: boolean;
  /** Active statuses by side, with when they end (null: until used). `stunned` is among the enemy's. */
  enemyStatus: Record<string, number | null>;
  playerStatus: Record<string, number | null>;
  /** Attack buttons, in the world's order; empty once the fight is over. */
  weapons: FightButton[];
  /** Support buttons; after the fight only eat, meds and hypo, with no cooldown. */
  support: Array<FightButton & { id: SupportAction }>;
  /** Whether the enemy fires from afar (the client animates a projectile). */
  ranged: boolean;
  /** When the fallen enemy explodes (its fuse is lit), else null. */
  explodesAt: number | null;
  /** Damage the meditating enemy has soaked, to be dealt back. */
  pool: number;
  /** Damage each poison tick deals the player (0 when not poisoned), and when the next falls. */
  poison: number;
  poisonAt: number | null;
}

const ready = (readyAt: number | undefined, now: number) => (readyAt !== undefined && readyAt > now ? readyAt : 0);

/** Everything the fight panel draws, judged at `now` (cooldowns). Null without a fight. */
export function fightView(state: GameState, now: number): FightView | null {
  const fight = state.fight;
  const enemy = enemyOf(state);
  if (!fight || !enemy) return null;
  const over = fight.won || fight.hp <= 0;
  const weapons: FightButton[] = over
    ? []
    : fightWeapons(state).map((w) => {
        const error = checkAttack(state, w.id, now);
        return {
          id: w.id,
          readyAt: ready(state.cooldowns[weaponCooldownKey(w.id)], now),
          cooldown: weaponCooldown(state, w, now),
          disabled: error !== null && error.code !== 'action/cooling_down',
        };
      });
  const support = supportShown(state).map((id) => {
    const error = checkSupport(state, id, now);
    return {
      id,
      readyAt: fight.won ? 0 : ready(state.cooldowns[supportCooldownKey(id)], now),
      cooldown: fight.won ? 0 : SUPPORT[id].cooldown,
      disabled: error !== null && error.code !== 'action/cooling_down',
    };
  });
  const active = (record: Record<string, number | null>) =>
    Object.fromEntries(Object.entries(record).filter(([, end]) => end === null || end > now));
  return {
    enemy: fight.enemy,
    glyph: enemy.glyph,
    enemyHp: fight.hp,
    enemyMaxHp: enemy.health,
    playerHp: state.expedition?.hp ?? 0,
    playerMaxHp: playerMaxHp(state),
    won: fight.won,
    enemyStatus: active(fight.enemyStatus),
    playerStatus: active(fight.playerStatus),
    weapons,
    support,
    ranged: enemy.ranged,
    explodesAt: fight.timers.explosion ?? null,
    pool: fight.pool,
    poison: fight.dot ?? 0,
    poisonAt: fight.timers.dot ?? null,
  };
}

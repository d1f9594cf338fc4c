import { notice, type Ctx } from '../core/context.ts';
import { nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { maxHealth } from '../path/capacity.ts';
import { openScene, showButtons } from '../events/scene.ts';
import { die } from '../world/home.ts';
import type { EnemyAction, EnemyDef, Fight } from './types.ts';

/*
 * The fight's rules shared by the player's commands and the enemy's timers (spec core/06 §2–§8).
 * Everything is on the game clock; damage lands at once (the client animates it).
 */

/** How long a stun, an enrage, a meditation and the stim's boost last, the poison's tick, the fuse. */
export const STUN_MS = 4000;
export const ENRAGE_MS = 4000;
export const ENRAGED_INTERVAL = 500;
export const MEDITATION_MS = 5000;
export const BOOST_MS = 3000;
export const DOT_TICK = 1000;
export const FUSE_MS = 3000;
/** Energised attacks deal this many times their damage. */
export const ENERGISE = 4;
/** With `evasive` the enemy's chance to hit is multiplied by this. */
export const EVASIVE = 0.8;

/** The statuses that share the enemy's one status slot (the stun is kept apart). */
const ENEMY_SLOT = ['shield', 'energised', 'venomous', 'enraged', 'meditation'] as const;

/** The enemy of the open scene's fight, or null. */
export function enemyOf(state: GameState): EnemyDef | null {
  if (!state.fight) return null;
  return openScene(state)?.combat ?? null;
}

export function playerMaxHp(state: GameState): number {
  return maxHealth(state);
}

/** A fight begins: the enemy at full health, its first attack one interval away, its specials armed. */
export function startFight(ctx: Ctx, enemy: EnemyDef): void {
  // Every fight draws its buttons afresh, so no weapon or support cooldown follows from the last one.
  for (const key of Object.keys(ctx.state.cooldowns)) {
    if (key.startsWith('weapon:') || key.startsWith('support:')) delete ctx.state.cooldowns[key];
  }
  const timers: Fight['timers'] = { attack: ctx.now + enemy.attackDelay * 1000 };
  (enemy.specials ?? []).forEach((special, i) => {
    timers[`special:${i}`] = ctx.now + special.delay * 1000;
  });
  ctx.state.fight = {
    enemy: enemy.id,
    hp: enemy.health,
    won: false,
    timers,
    enemyStatus: {},
    playerStatus: {},
    pool: 0,
  };
}

/** Whether a status is on at `now` (timed ones end at their time; null ones last until used). */
export function hasStatus(record: Record<string, number | null>, status: string, now: number): boolean {
  if (!Object.hasOwn(record, status)) return false;
  const end = record[status];
  return end === null || end > now;
}

/** Stops every enemy timer and clears both sides' statuses and the poison. */
function stopAll(fight: Fight): void {
  for (const key of Object.keys(fight.timers)) fight.timers[key] = null;
  fight.enemyStatus = {};
  fight.playerStatus = {};
  delete fight.dot;
  fight.pool = 0;
}

/** Sets the player's health; at 0 or below the player dies. False when they died. */
export function setPlayerHp(ctx: Ctx, hp: number): boolean {
  const trip = ctx.state.expedition;
  if (!trip) return false;
  trip.hp = Math.min(playerMaxHp(ctx.state), Math.max(0, hp));
  if (trip.hp <= 0) {
    die(ctx, 'combat');
    return false;
  }
  return true;
}

/** Heals the player, capped at their most; what was actually healed. */
export function heal(ctx: Ctx, amount: number): number {
  const trip = ctx.state.expedition;
  if (!trip) return 0;
  const before = trip.hp;
  trip.hp = Math.min(playerMaxHp(ctx.state), trip.hp + amount);
  return trip.hp - before;
}

/**
 * A numeric hit on the player, from an attack (`energised`/`venomous` apply) or the explosion.
 * A shield turns it into healing and breaks. False when the player died.
 */
export function hitPlayer(ctx: Ctx, fight: Fight, damage: number): boolean {
  const trip = ctx.state.expedition;
  if (!trip) return false;
  const shielded = hasStatus(fight.playerStatus, 'shield', ctx.now);
  if (shielded) {
    delete fight.playerStatus.shield;
    const healed = heal(ctx, damage);
    notice(ctx, 'notice.fight.shielded', { amount: healed });
    return true;
  }
  if (hasStatus(fight.enemyStatus, 'venomous', ctx.now)) {
    fight.dot = Math.floor(damage / 2);
    fight.timers.dot = fight.dot > 0 ? ctx.now + DOT_TICK : null;
  }
  notice(ctx, 'notice.fight.hurt', { amount: damage });
  return setPlayerHp(ctx, trip.hp - damage);
}

/**
 * A numeric hit on the enemy: soaked into the pool while it meditates, turned into healing by its
 * shield, otherwise taken off its health. Then the thresholds it crossed fire, and at 0 it falls.
 */
export function hitEnemy(ctx: Ctx, fight: Fight, enemy: EnemyDef, damage: number): void {
  const before = fight.hp;
  if (hasStatus(fight.enemyStatus, 'meditation', ctx.now)) {
    fight.pool += damage;
    notice(ctx, 'notice.fight.absorbed', { amount: damage });
  } else if (hasStatus(fight.enemyStatus, 'shield', ctx.now)) {
    delete fight.enemyStatus.shield;
    fight.hp = Math.min(enemy.health, fight.hp + damage);
    notice(ctx, 'notice.fight.enemy_shielded', { amount: damage });
  } else {
    fight.hp = Math.max(0, fight.hp - damage);
    notice(ctx, 'notice.fight.hit', { amount: damage });
  }
  for (const [mark, action] of Object.entries(enemy.atHealth ?? {})) {
    const k = Number(mark);
    if (fight.hp <= k && k < before) enemyAction(ctx, fight, enemy, action);
  }
  if (fight.hp <= 0) enemyFalls(ctx, fight, enemy);
}

/** The enemy reaches 0: it wins the fight at once, or, if it explodes, lights its fuse first. */
export function enemyFalls(ctx: Ctx, fight: Fight, enemy: EnemyDef): void {
  if (fight.won || fight.timers.explosion) return;
  stopAll(fight);
  if (enemy.explosion) {
    fight.timers.explosion = ctx.now + FUSE_MS;
    notice(ctx, 'notice.fight.fuse');
    return;
  }
  victory(ctx, fight, enemy);
}

/** The enemy is dead: its death line, the loot on the ground, the scene's buttons after their pause. */
export function victory(ctx: Ctx, fight: Fight, enemy: EnemyDef): void {
  stopAll(fight);
  fight.won = true;
  notice(ctx, `enemy.${enemy.id}.death`);
  const scene = openScene(ctx.state);
  if (scene) showButtons(ctx, scene);
}

const SHIFTS = ['shield', 'enrage', 'meditate'] as const;

const STATUS_OF: Readonly<Record<Exclude<EnemyAction, 'shift'>, (typeof ENEMY_SLOT)[number]>> = {
  shield: 'shield',
  energise: 'energised',
  venom: 'venomous',
  enrage: 'enraged',
  meditate: 'meditation',
};

const STATUS_NOTICES: Readonly<Record<(typeof ENEMY_SLOT)[number], string>> = {
  shield: 'notice.fight.status.shield',
  energised: 'notice.fight.status.energised',
  venomous: 'notice.fight.status.venomous',
  enraged: 'notice.fight.status.enraged',
  meditation: 'notice.fight.status.meditation',
};

/** An enemy special or threshold: a status in its one slot (replacing the last). */
export function enemyAction(ctx: Ctx, fight: Fight, enemy: EnemyDef, action: EnemyAction): void {
  if (action === 'shift') {
    const choices = SHIFTS.filter((s) => s !== fight.lastSpecial);
    const chosen = choices[Math.floor(nextFloat(ctx.state.rng) * choices.length)];
    fight.lastSpecial = chosen;
    action = chosen;
  }
  const status = STATUS_OF[action];
  // An enrage cut short by another status gives the attack back its own pace.
  if (status !== 'enraged' && hasStatus(fight.enemyStatus, 'enraged', ctx.now) && fight.timers.attack !== null) {
    fight.timers.attack = ctx.now + enemy.attackDelay * 1000;
  }
  for (const s of ENEMY_SLOT) delete fight.enemyStatus[s];
  if (status === 'enraged') {
    fight.enemyStatus.enraged = ctx.now + ENRAGE_MS;
    fight.timers.attack = ctx.now + ENRAGED_INTERVAL;
  } else if (status === 'meditation') {
    fight.enemyStatus.meditation = ctx.now + MEDITATION_MS;
    fight.pool = 0;
  } else {
    fight.enemyStatus[status] = null;
  }
  notice(ctx, STATUS_NOTICES[status]);
}

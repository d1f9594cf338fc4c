import { notice, type Ctx } from '../core/context.ts';
import { nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import type { EnemyDef, Fight } from './types.ts';
import {
  ENERGISE,
  ENRAGED_INTERVAL,
  EVASIVE,
  enemyAction,
  enemyOf,
  hasStatus,
  hitPlayer,
  setPlayerHp,
  victory,
  DOT_TICK,
} from './fight.ts';

/*
 * The enemy's side of the fight, run by `advance`: each thing it does is a due-time in the fight,
 * so the same state always plays out the same way, however the time between commands is cut up.
 */

type Due =
  | { kind: 'expire'; side: 'enemyStatus' | 'playerStatus'; status: string; at: number }
  | { kind: 'timer'; key: string; at: number };

/** Order among things due at the same instant: statuses run out first, then specials, attack, poison, fuse. */
function rank(due: Due): number {
  if (due.kind === 'expire') return 0;
  if (due.key.startsWith('special:')) return 1;
  return { attack: 2, dot: 3, explosion: 4 }[due.key] ?? 5;
}

function dues(fight: Fight): Due[] {
  const out: Due[] = [];
  for (const side of ['enemyStatus', 'playerStatus'] as const) {
    for (const [status, end] of Object.entries(fight[side])) if (end !== null) out.push({ kind: 'expire', side, status, at: end });
  }
  for (const [key, at] of Object.entries(fight.timers)) if (at !== null) out.push({ kind: 'timer', key, at });
  return out;
}

function earliest(fight: Fight): Due | null {
  let best: Due | null = null;
  for (const due of dues(fight)) {
    if (!best || due.at < best.at || (due.at === best.at && rank(due) < rank(best))) best = due;
  }
  return best;
}

/** The earliest enemy attack, special, damage-over-time tick or fuse due, or null without a fight. */
export function nextFightDueAt(state: GameState): number | null {
  if (!state.fight) return null;
  return earliest(state.fight)?.at ?? null;
}

/** Runs whatever of the fight is due at `ctx.now`, each thing at its own due-time, in order. */
export function runFight(ctx: Ctx): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const fight = ctx.state.fight;
    const enemy = enemyOf(ctx.state);
    if (!fight) return;
    const due = earliest(fight);
    if (!due || due.at > ctx.now) return;
    if (!enemy) {
      // The scene lost its enemy (content changed under a save): the fight cannot go on.
      for (const key of Object.keys(fight.timers)) fight.timers[key] = null;
      fight.enemyStatus = {};
      fight.playerStatus = {};
      return;
    }
    const at = due.at;
    const step: Ctx = { state: ctx.state, now: at, events: ctx.events };
    if (due.kind === 'expire') expire(step, fight, enemy, due.side, due.status);
    else runTimer(step, fight, enemy, due.key);
  }
}

function expire(ctx: Ctx, fight: Fight, enemy: EnemyDef, side: 'enemyStatus' | 'playerStatus', status: string): void {
  delete fight[side][status];
  // The enrage is over: the enemy attacks at its own pace again, one interval from now.
  if (side === 'enemyStatus' && status === 'enraged' && fight.timers.attack !== null) {
    fight.timers.attack = ctx.now + enemy.attackDelay * 1000;
  }
}

function runTimer(ctx: Ctx, fight: Fight, enemy: EnemyDef, key: string): void {
  if (key.startsWith('special:')) {
    const special = enemy.specials?.[Number(key.slice('special:'.length))];
    if (!special) {
      fight.timers[key] = null;
      return;
    }
    fight.timers[key] = ctx.now + special.delay * 1000;
    enemyAction(ctx, fight, enemy, special.action);
    return;
  }
  if (key === 'attack') {
    enemyAttack(ctx, fight, enemy);
    return;
  }
  if (key === 'dot') {
    fight.timers.dot = ctx.now + DOT_TICK;
    const trip = ctx.state.expedition;
    if (!trip) return;
    const dot = fight.dot ?? 0;
    notice(ctx, 'notice.fight.poison', { amount: dot });
    setPlayerHp(ctx, trip.hp - dot);
    return;
  }
  if (key === 'explosion') {
    fight.timers.explosion = null;
    notice(ctx, 'notice.fight.explosion', { amount: enemy.explosion ?? 0 });
    if (hitPlayer(ctx, fight, enemy.explosion ?? 0)) victory(ctx, fight, enemy);
    return;
  }
  fight.timers[key] = null;
}

/**
 * The enemy's regular attack: skipped while stunned or meditating; the soaked pool comes back as a
 * sure hit; otherwise a roll against its aim (less against the evasive).
 */
function enemyAttack(ctx: Ctx, fight: Fight, enemy: EnemyDef): void {
  const enraged = hasStatus(fight.enemyStatus, 'enraged', ctx.now);
  fight.timers.attack = ctx.now + (enraged ? ENRAGED_INTERVAL : enemy.attackDelay * 1000);
  if (hasStatus(fight.enemyStatus, 'stunned', ctx.now) || hasStatus(fight.enemyStatus, 'meditation', ctx.now)) return;
  let damage: number | null;
  if (fight.pool > 0) {
    damage = fight.pool;
    fight.pool = 0;
  } else {
    const aim = enemy.hit * (ctx.state.character.perks.evasive ? EVASIVE : 1);
    damage = nextFloat(ctx.state.rng) <= aim ? enemy.damage : null;
  }
  const energised = hasStatus(fight.enemyStatus, 'energised', ctx.now);
  let alive = true;
  if (damage === null) notice(ctx, 'notice.fight.enemy_miss');
  else alive = hitPlayer(ctx, fight, energised ? damage * ENERGISE : damage);
  // One-shot buffs are spent by the attack, hit or miss.
  if (alive) {
    delete fight.enemyStatus.energised;
    delete fight.enemyStatus.venomous;
  }
}

import { afterEach, describe, expect, it } from 'vitest';
import { checkChoice } from '../events/engine.ts';
import { eventView } from '../selectors.ts';
import { createRng, nextFloat, type RngState } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import type { GameEvent } from '../core/context.ts';
import type { EnemyDef } from './types.ts';
import { WEAPONS } from '../content/weapons.ts';
import { fightView } from './selectors.ts';
import { rngWhere } from '../testing/events.ts';
import { ATTACK, SUPPORT, act, borrowScene, encounter, outThere, tryAct, until } from '../testing/fight.ts';

/*
 * Combat (spec core/06, events/01 §8): every number through the public `apply` and `advance`, with
 * rngs chosen to roll the way each test needs. Only the fight draws from the rng in these states.
 */

const notices = (events: GameEvent[]) => events.flatMap((e) => (e.type === 'notice' ? [e.key] : []));
const T0 = 10_000;
/** 50 health of 85 (kinetic armour at home, which also offers the shield). */
const TOUGH = { hp: 50, stores: { 'kinetic armour': 1 } };

/** A fresh rng whose next draws are exactly below/above each bound: `true` hits (≤ p), `false` misses (> p). */
function rolls(...wanted: Array<[p: number, hit: boolean]>): RngState {
  return rngWhere((next) => wanted.every(([p, hit]) => (next() <= p) === hit));
}

function withRng(state: GameState, rng: RngState): GameState {
  return { ...structuredClone(state), rng: { ...rng } };
}

/** Out in the world with a fight against the snarling beast (5 hp, 1 dmg, 0.8, every 1 s) opened at T0. */
function beastFight(opts: Parameters<typeof outThere>[0] = {}, rng?: RngState): GameState {
  let state = outThere(opts);
  if (rng) state = withRng(state, rng);
  return encounter(state, 'snarling_beast').state;
}

let restore: Array<() => void> = [];
afterEach(() => {
  restore.reverse().forEach((r) => r());
  restore = [];
});

/** Fights the given enemy in the place of the snarling beast (same event, same loot). */
function against(enemy: Partial<EnemyDef>, opts: Parameters<typeof outThere>[0] = {}, rng?: RngState): GameState {
  const base: EnemyDef = { id: 'test_foe', glyph: 'X', health: 10, damage: 2, hit: 0.8, attackDelay: 2, ranged: false };
  restore.push(
    borrowScene('snarling_beast', 'start', {
      combat: { ...base, ...enemy },
      loot: { fur: { min: 1, max: 1, chance: 1 } },
      buttons: {},
    }),
  );
  return beastFight(opts, rng);
}

describe('the weapon table (spec core/06 §1)', () => {
  it('is the spec, in the world order', () => {
    expect(WEAPONS.map((w) => [w.id, w.class, w.damage, w.cooldown / 1000, w.ammo ? `${w.ammo.per} ${w.ammo.item}` : '—'])).toEqual([
      ['fists', 'unarmed', 1, 2, '—'],
      ['bone spear', 'melee', 2, 2, '—'],
      ['iron sword', 'melee', 4, 2, '—'],
      ['steel sword', 'melee', 6, 2, '—'],
      ['bayonet', 'melee', 8, 2, '—'],
      ['rifle', 'ranged', 5, 1, '1 bullets'],
      ['laser rifle', 'ranged', 8, 1, '1 energy cell'],
      ['grenade', 'ranged', 15, 5, '1 grenade'],
      ['bolas', 'ranged', 'stun', 15, '1 bolas'],
      ['plasma rifle', 'ranged', 12, 1, '1 energy cell'],
      ['energy blade', 'melee', 10, 2, '—'],
      ['disruptor', 'ranged', 'stun', 15, '—'],
    ]);
  });
});

describe('a fight begins', () => {
  it('when a scene with an enemy opens: full health, first attack one interval away, buttons withheld', () => {
    const state = beastFight();
    expect(state.fight).toMatchObject({ enemy: 'snarling_beast', hp: 5, won: false, timers: { attack: T0 + 1000 }, pool: 0 });
    expect(state.fight!.enemyStatus).toEqual({});
    expect(checkChoice(state, 'leave')).toMatchObject({ code: 'action/unavailable', key: 'error.fight.on' });
    expect(eventView(state)!.buttons).toEqual([]);
    const view = fightView(state, state.clock)!;
    expect(view).toMatchObject({ enemy: 'snarling_beast', glyph: 'R', enemyHp: 5, enemyMaxHp: 5, playerHp: 10, playerMaxHp: 10, won: false });
    expect(view.weapons.map((w) => w.id)).toEqual(['fists']);
    expect(view.support.map((s) => s.id)).toEqual(['eat']);
  });

  it('with every weapon and support button ready, whatever cooled down in the fight before', () => {
    const before = outThere({ bag: { 'iron sword': 1, 'cured meat': 2 } });
    before.cooldowns = { 'weapon:iron sword': T0 + 1500, 'support:eat': T0 + 4000, embark: T0 + 60_000 };
    const state = encounter(before, 'snarling_beast').state;
    expect(state.cooldowns).toEqual({ embark: T0 + 60_000 });
    expect(fightView(state, state.clock)!.weapons.map((w) => w.readyAt)).toEqual([0]);
  });

  it('offers every weapon carried, fists only when nothing carried can hurt', () => {
    const armed = beastFight({ bag: { 'iron sword': 1, bolas: 2, rifle: 1 } });
    expect(fightView(armed, armed.clock)!.weapons.map((w) => [w.id, w.disabled])).toEqual([
      ['iron sword', false],
      ['rifle', true],
      ['bolas', false],
    ]);
    const stunOnly = beastFight({ bag: { bolas: 2, rifle: 1 } });
    expect(fightView(stunOnly, stunOnly.clock)!.weapons.map((w) => w.id)).toEqual(['fists', 'rifle', 'bolas']);
  });
});

describe('the player attacks', () => {
  it('fists hit for 1 on a roll ≤ 0.8, miss above it', () => {
    const hit = act(beastFight({}, rolls([0.8, true])), ATTACK('fists'));
    expect(hit.state.fight!.hp).toBe(4);
    expect(notices(hit.events)).toContain('notice.fight.hit');
    const miss = act(beastFight({}, rolls([0.8, false])), ATTACK('fists'));
    expect(miss.state.fight!.hp).toBe(5);
    expect(notices(miss.events)).toContain('notice.fight.miss');
  });

  it('precise hits on rolls up to 0.9', () => {
    const rng = rngWhere((next) => {
      const r = next();
      return r > 0.8 && r <= 0.9;
    });
    expect(act(beastFight({}, rng), ATTACK('fists')).state.fight!.hp).toBe(5);
    const precise = beastFight({}, rng);
    precise.character.perks.precise = true;
    expect(act(precise, ATTACK('fists')).state.fight!.hp).toBe(4);
  });

  it.each([
    [{}, 1],
    [{ boxer: true }, 2],
    [{ 'martial artist': true }, 3],
    [{ boxer: true, 'martial artist': true }, 6],
    [{ boxer: true, 'martial artist': true, 'unarmed master': true }, 12],
  ] as const)('punches with perks %o deal %i', (perks, damage) => {
    const state = against({ health: 50 }, {}, rolls([0.8, true]));
    Object.assign(state.character.perks, perks);
    expect(50 - act(state, ATTACK('fists')).state.fight!.hp).toBe(damage);
  });

  it.each([
    ['bone spear', false, 2],
    ['bone spear', true, 3],
    ['iron sword', true, 6],
    ['steel sword', true, 9],
    ['bayonet', false, 8],
    ['energy blade', true, 15],
    ['rifle', true, 5],
    ['plasma rifle', false, 12],
    ['grenade', true, 15],
  ] as const)('%s (barbarian %s) deals %i', (weapon, barbarian, damage) => {
    const state = against({ health: 50 }, { bag: { [weapon]: 1, bullets: 3, 'energy cell': 3 } }, rolls([0.8, true]));
    if (barbarian) state.character.perks.barbarian = true;
    expect(50 - act(state, ATTACK(weapon)).state.fight!.hp).toBe(damage);
  });

  it('each weapon has its own cooldown; a second click during it is refused, the boost halves it', () => {
    const state = beastFight({ bag: { 'iron sword': 1, rifle: 1, bullets: 5 } }, createRng(7));
    const first = act(state, ATTACK('iron sword'), T0);
    expect(first.state.cooldowns['weapon:iron sword']).toBe(T0 + 2000);
    const again = tryAct(first.state, ATTACK('iron sword'), T0 + 1999);
    expect(again.ok ? null : again.error).toMatchObject({ code: 'action/cooling_down', params: { seconds: 1 } });
    // Another weapon is free meanwhile.
    expect(tryAct(first.state, ATTACK('rifle'), T0 + 500).ok).toBe(true);
    expect(tryAct(first.state, ATTACK('iron sword'), T0 + 2000).ok).toBe(true);
  });

  it('fists rest 1 s for an unarmed master', () => {
    const state = against({ health: 500 });
    state.character.perks['unarmed master'] = true;
    expect(act(state, ATTACK('fists')).state.cooldowns['weapon:fists']).toBe(T0 + 1000);
  });

  it('spends ammo; the last bullet leaves the rifle empty and the fists appear', () => {
    const state = against({ health: 50 }, { bag: { rifle: 1, bullets: 1 } });
    expect(fightView(state, T0)!.weapons.map((w) => w.id)).toEqual(['rifle']);
    const shot = act(state, ATTACK('rifle')).state;
    expect(shot.expedition!.bag.bullets).toBeUndefined();
    expect(fightView(shot, T0 + 1000)!.weapons.map((w) => [w.id, w.disabled])).toEqual([
      ['fists', false],
      ['rifle', true],
    ]);
    const dry = tryAct(shot, ATTACK('rifle'), T0 + 1000);
    expect(dry.ok ? null : dry.error).toMatchObject({ code: 'cost/not_enough', params: { resource: 'bullets' } });
  });

  it('a grenade spends itself', () => {
    const state = against({ health: 50 }, { bag: { grenade: 2 } });
    expect(act(state, ATTACK('grenade')).state.expedition!.bag.grenade).toBe(1);
  });

  it('refuses weapons not carried and attacks once the fight is over', () => {
    const state = beastFight();
    const sword = tryAct(state, ATTACK('iron sword'));
    expect(sword.ok ? null : sword.error.code).toBe('action/unavailable');
    const won = { ...structuredClone(state), fight: { ...state.fight!, won: true } };
    const over = tryAct(won, ATTACK('fists'));
    expect(over.ok ? null : over.error).toEqual({ code: 'fight/over', key: 'error.fight.over' });
  });

  it('counts punches, hit or miss, and teaches boxer, martial artist and unarmed master at 50, 150, 300', () => {
    for (const [before, perk] of [
      [49, 'boxer'],
      [149, 'martial artist'],
      [299, 'unarmed master'],
    ] as const) {
      const state = against({ health: 5000 });
      state.character.punches = before;
      const step = act(state, ATTACK('fists'));
      expect(step.state.character.punches).toBe(before + 1);
      expect(step.state.character.perks[perk]).toBe(true);
    }
    const state = against({ health: 5000 }, { bag: { 'iron sword': 1 } });
    expect(act(state, ATTACK('iron sword')).state.character.punches).toBe(0);
  });
});

describe('the enemy attacks on its own clock', () => {
  /** Its attacks are due every interval; each draws once: hit when ≤ its aim. */
  function expectedHits(rng: RngState, attacks: number, aim: number): number {
    const copy = { ...rng };
    let hits = 0;
    for (let i = 0; i < attacks; i++) if (nextFloat(copy) <= aim) hits++;
    return hits;
  }

  it('every attackDelay, one roll each, the damage landing at once', () => {
    const rng = createRng(42);
    const state = beastFight({}, rng);
    const later = until(state, T0 + 3999).state;
    const hits = expectedHits(rng, 3, 0.8);
    expect(later.expedition!.hp).toBe(10 - hits);
    expect(later.fight!.timers.attack).toBe(T0 + 4000);
    // Cut into many small steps, the same.
    let stepped = state;
    for (let t = T0 + 250; t <= T0 + 3999; t += 250) stepped = until(stepped, t).state;
    stepped = until(stepped, T0 + 3999).state;
    expect(stepped).toEqual(later);
  });

  it('misses the evasive more often: its aim is × 0.8', () => {
    const rng = rngWhere((next) => {
      const r = next();
      return r > 0.64 && r <= 0.8;
    });
    expect(until(beastFight({}, rng), T0 + 1000).state.expedition!.hp).toBe(9);
    const evasive = beastFight({}, rng);
    evasive.character.perks.evasive = true;
    expect(until(evasive, T0 + 1000).state.expedition!.hp).toBe(10);
  });

  it('a stun (bolas) stops its attacks for 4 s; the latest stun wins', () => {
    const state = against({ attackDelay: 1, damage: 1, hit: 1, health: 50 }, { bag: { bolas: 3, disruptor: 1 } }, rolls([0.8, true], [0.8, true]));
    const stunned = act(state, ATTACK('bolas'), T0);
    expect(stunned.state.fight!.enemyStatus.stunned).toBe(T0 + 4000);
    expect(notices(stunned.events)).toContain('notice.fight.stunned');
    // Attacks at +1 … +3 skipped; a disruptor at +3 stuns again until +7.
    const restunned = act(stunned.state, ATTACK('disruptor'), T0 + 3000);
    expect(restunned.state.expedition!.hp).toBe(10);
    expect(restunned.state.fight!.enemyStatus.stunned).toBe(T0 + 7000);
    expect(until(restunned.state, T0 + 6999).state.expedition!.hp).toBe(10);
    // From +7 on it attacks again, every second, hitting always.
    expect(until(restunned.state, T0 + 9000).state.expedition!.hp).toBe(7);
  });

  it('enraged: attacks every 0.5 s for 4 s, then its own pace again', () => {
    const state = against({ attackDelay: 2, damage: 1, hit: 1, health: 50, specials: [{ delay: 5, action: 'enrage' }] }, TOUGH);
    // Attacks at +2, +4; enraged at +5 → attacks at +5.5 … +8.5 (7); the rage ends at +9, before
    // that instant's attack, which goes back to its pace (+11) until the next rage at +10 (+10.5).
    const at = (t: number) => 50 - until(state, T0 + t).state.expedition!.hp;
    expect(at(4999)).toBe(2);
    expect(until(state, T0 + 5000).state.fight!.enemyStatus.enraged).toBe(T0 + 9000);
    expect(at(5499)).toBe(2);
    expect(at(5500)).toBe(3);
    expect(at(8999)).toBe(9);
    expect(at(9000)).toBe(9);
    expect(until(state, T0 + 9000).state.fight!.timers.attack).toBe(T0 + 11_000);
    expect(at(10_499)).toBe(9);
    expect(at(10_500)).toBe(10);
  });

  it('meditation: no attacks for 5 s, damage pooled, the pool returned as a sure hit', () => {
    const state = against({ attackDelay: 2, damage: 1, hit: 0, health: 50, specials: [{ delay: 7, action: 'meditate' }] }, TOUGH);
    const meditating = withRng(until(state, T0 + 7000).state, rolls([0.8, true]));
    expect(meditating.fight!.enemyStatus.meditation).toBe(T0 + 12_000);
    const punched = act(meditating, ATTACK('fists'), T0 + 7500).state;
    expect(punched.fight!.hp).toBe(50);
    expect(punched.fight!.pool).toBe(1);
    // The attacks at +8 and +10 are skipped; the one at +12 (meditation over) delivers the pool.
    expect(until(punched, T0 + 11_999).state.expedition!.hp).toBe(50);
    const released = until(punched, T0 + 12_000).state;
    expect(released.expedition!.hp).toBe(49);
    expect(released.fight!.pool).toBe(0);
  });

  it('energised: its next attack deals ×4, and the buff is spent even by a miss', () => {
    const hitting = against({ attackDelay: 2, damage: 2, hit: 1, specials: [{ delay: 1, action: 'energise' }] }, TOUGH);
    const after = until(hitting, T0 + 2000).state;
    expect(after.expedition!.hp).toBe(42);
    expect(after.fight!.enemyStatus.energised).toBeUndefined();
    const missing = against({ attackDelay: 2, damage: 2, hit: 0, specials: [{ delay: 1, action: 'energise' }] }, TOUGH);
    expect(until(missing, T0 + 2000).state.fight!.enemyStatus.energised).toBeUndefined();
  });

  it('venomous (from a health mark): its next hit poisons for half its damage every second', () => {
    const state = against({ attackDelay: 2, damage: 5, hit: 1, health: 10, atHealth: { 9: 'venom' } }, TOUGH, rolls([0.8, true]));
    const crossed = act(state, ATTACK('fists'), T0).state;
    expect(crossed.fight!.hp).toBe(9);
    expect(crossed.fight!.enemyStatus.venomous).toBeNull();
    const bitten = until(crossed, T0 + 2000).state;
    expect(bitten.expedition!.hp).toBe(45);
    expect(bitten.fight!.dot).toBe(2);
    expect(bitten.fight!.enemyStatus.venomous).toBeUndefined();
    // Ticks at +3 and +4 (2 each), the attack at +4 (5).
    expect(until(bitten, T0 + 4000).state.expedition!.hp).toBe(45 - 2 - 2 - 5);
  });

  it('a health mark fires only on the hit that crosses it', () => {
    const state = against({ health: 10, hit: 0, atHealth: { 5: 'shield' } }, {}, rngWhere((n) => [n(), n(), n(), n(), n()].every((r) => r <= 0.8)));
    let s = act(state, ATTACK('fists'), T0).state;
    expect(s.fight!.enemyStatus.shield).toBeUndefined();
    s.character.perks.boxer = true;
    s.character.perks['martial artist'] = true;
    s = act(s, ATTACK('fists'), T0 + 2000).state; // 9 → 3, crossing 5
    expect(s.fight!.hp).toBe(3);
    expect(s.fight!.enemyStatus.shield).toBeNull();
    // The enemy's shield turns the next hit into healing and breaks.
    s = act(s, ATTACK('fists'), T0 + 4000).state;
    expect(s.fight!.hp).toBe(9);
    expect(s.fight!.enemyStatus.shield).toBeUndefined();
  });

  it('shift: shield, enrage or meditate, never the same twice running', () => {
    const state = against({ attackDelay: 2, damage: 1, hit: 0, health: 500, specials: [{ delay: 7, action: 'shift' }] }, TOUGH, createRng(3));
    let s = state;
    let last: string | undefined;
    for (let i = 1; i <= 12; i++) {
      s = until(s, T0 + 7000 * i).state;
      expect(s.fight!.lastSpecial).not.toBe(last);
      expect(['shield', 'enrage', 'meditate']).toContain(s.fight!.lastSpecial);
      last = s.fight!.lastSpecial;
    }
  });
});

describe('the player dies', () => {
  const deadAndHome = (state: GameState) => {
    expect(state.expedition).toBeNull();
    expect(state.fight).toBeNull();
    expect(state.event).toBeNull();
    expect(state.location).toBe('room');
  };

  it('by an attack', () => {
    const step = until(against({ attackDelay: 1, damage: 5, hit: 1 }, { hp: 5 }), T0 + 1000);
    deadAndHome(step.state);
    expect(notices(step.events)).toContain('notice.world.death.combat');
  });

  it('by poison', () => {
    const state = against({ attackDelay: 10, damage: 4, hit: 1, specials: [{ delay: 1, action: 'venom' }] }, { hp: 6 });
    const bitten = until(state, T0 + 10_000).state;
    expect(bitten.expedition!.hp).toBe(2);
    expect(until(bitten, T0 + 10_999).state.expedition!.hp).toBe(2);
    deadAndHome(until(bitten, T0 + 11_000).state);
  });

  it('by the boost: ten health, even the last', () => {
    deadAndHome(act(against({}, { hp: 10, bag: { stim: 1 }, stores: { 'l armour': 1 } }), SUPPORT('boost')).state);
  });
});

describe('explosion', () => {
  it('lights a fuse on death: 3 s with no attacks, then its damage, then victory', () => {
    const state = against({ health: 1, attackDelay: 1, damage: 1, hit: 1, explosion: 4 }, { hp: 10 }, rolls([0.8, true]));
    const lit = act(state, ATTACK('fists'), T0 + 500).state;
    expect(lit.fight).toMatchObject({ hp: 0, won: false, timers: { attack: null, explosion: T0 + 3500 } });
    expect(tryAct(lit, ATTACK('fists'), T0 + 3000).ok).toBe(false);
    expect(until(lit, T0 + 3499).state.expedition!.hp).toBe(10);
    const after = until(lit, T0 + 3500).state;
    expect(after.expedition!.hp).toBe(6);
    expect(after.fight!.won).toBe(true);
    expect(after.event!.loot).toEqual({ fur: 1 });
  });

  it('kills the weak, and a shield turns it into healing', () => {
    const state = against({ health: 1, explosion: 30 }, { hp: 10, stores: { 'kinetic armour': 1 } }, rolls([0.8, true]));
    const lit = act(state, ATTACK('fists'), T0).state;
    expect(until(lit, T0 + 3000).state.expedition).toBeNull();
    const shielded = act(lit, SUPPORT('shield'), T0 + 1000).state;
    const after = until(shielded, T0 + 3000).state;
    expect(after.expedition!.hp).toBe(40);
    expect(after.fight!.won).toBe(true);
  });
});

describe('support', () => {
  it('eat heals 8 (16 for the gastronome), capped at the most health, and spends a ration', () => {
    const state = beastFight({ hp: 5, bag: { 'cured meat': 2 }, stores: { 'i armour': 1 } });
    const ate = act(state, SUPPORT('eat')).state;
    expect(ate.expedition!.hp).toBe(13);
    expect(ate.expedition!.bag['cured meat']).toBe(1);
    expect(ate.cooldowns['support:eat']).toBe(T0 + 5000);
    const gourmet = structuredClone(state);
    gourmet.character.perks.gastronome = true;
    expect(act(gourmet, SUPPORT('eat')).state.expedition!.hp).toBe(21);
    const capped = beastFight({ hp: 8, bag: { 'cured meat': 1 } });
    expect(act(capped, SUPPORT('eat')).state.expedition!.hp).toBe(10);
  });

  it('meds heal 20 and hypo 30, each resting 7 s', () => {
    const state = beastFight({ hp: 1, bag: { medicine: 1, hypo: 1 }, stores: { 'kinetic armour': 1 } });
    const meds = act(state, SUPPORT('meds')).state;
    expect([meds.expedition!.hp, meds.expedition!.bag.medicine, meds.cooldowns['support:meds']]).toEqual([21, undefined, T0 + 7000]);
    const hypo = act(meds, SUPPORT('hypo')).state;
    expect(hypo.expedition!.hp).toBe(51);
  });

  it('is refused at full health (but the shield), without the item, and while resting', () => {
    const full = beastFight({ hp: 10, bag: { 'cured meat': 1 } });
    const refused = tryAct(full, SUPPORT('eat'));
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'action/unavailable', key: 'error.fight.full_health' });
    const hungry = tryAct(beastFight({ hp: 5 }), SUPPORT('eat'));
    expect(hungry.ok ? null : hungry.error).toMatchObject({ code: 'cost/not_enough', params: { resource: 'cured meat' } });
    const ate = act(beastFight({ hp: 1, bag: { 'cured meat': 2 } }), SUPPORT('eat')).state;
    const again = tryAct(ate, SUPPORT('eat'), T0 + 4999);
    expect(again.ok ? null : again.error.code).toBe('action/cooling_down');
    const meds = tryAct(beastFight({ hp: 5 }), SUPPORT('meds'));
    expect(meds.ok ? null : meds.error.code).toBe('action/unavailable');
  });

  it('the shield needs kinetic armour at home; the next hit heals instead and breaks it', () => {
    const without = tryAct(beastFight({ hp: 10 }), SUPPORT('shield'));
    expect(without.ok).toBe(false);
    const state = against({ attackDelay: 1, damage: 3, hit: 1 }, TOUGH);
    const shielded = act(state, SUPPORT('shield')).state;
    expect(shielded.fight!.playerStatus).toEqual({ shield: null });
    const hit = until(shielded, T0 + 1000).state;
    expect(hit.expedition!.hp).toBe(53);
    expect(hit.fight!.playerStatus).toEqual({});
    expect(until(hit, T0 + 2000).state.expedition!.hp).toBe(50);
  });

  it('the boost: one stim, 10 health, weapon cooldowns halved for 3 s', () => {
    const state = against({ health: 500, attackDelay: 100 }, { hp: 40, bag: { stim: 2, 'iron sword': 1 }, stores: { 's armour': 1 } });
    const boosted = act(state, SUPPORT('boost')).state;
    expect(boosted.expedition!.hp).toBe(30);
    expect(boosted.expedition!.bag.stim).toBe(1);
    expect(boosted.fight!.playerStatus).toEqual({ boost: T0 + 3000 });
    expect(act(boosted, ATTACK('iron sword'), T0 + 100).state.cooldowns['weapon:iron sword']).toBe(T0 + 1100);
    const late = act(boosted, ATTACK('iron sword'), T0 + 3000).state;
    expect(late.cooldowns['weapon:iron sword']).toBe(T0 + 5000);
    expect(late.fight!.playerStatus).toEqual({});
  });
});

describe('victory', () => {
  it('stops the enemy at once, rolls the loot, offers leave after a second and healing without cooldown', () => {
    const state = beastFight({ hp: 5, bag: { 'iron sword': 1, 'cured meat': 3 }, stores: { 's armour': 1 } }, rngWhere((n) => [n(), n(), n(), n()].every((r) => r <= 0.8)));
    const one = act(state, ATTACK('iron sword'), T0).state;
    const won = act(one, ATTACK('iron sword'), T0 + 2000);
    expect(won.state.fight).toMatchObject({ hp: 0, won: true, timers: { attack: null } });
    expect(notices(won.events)).toContain('enemy.snarling_beast.death');
    const loot = won.state.event!.loot!;
    expect(loot.fur).toBeGreaterThanOrEqual(1);
    expect(loot.meat).toBeGreaterThanOrEqual(1);
    expect(won.state.event!.readyAt).toBe(T0 + 3000);
    // No hits after death, however long.
    const later = until(won.state, T0 + 60_000).state;
    expect(later.expedition!.hp).toBe(won.state.expedition!.hp);
    // The default leave, locked for a second.
    expect(eventView(won.state)!.buttons.map((b) => b.id)).toEqual(['leave']);
    const early = tryAct(won.state, { type: 'event_choose', button: 'leave' }, T0 + 2999);
    expect(early.ok ? null : early.error.code).toBe('action/cooling_down');
    // Eating, with no cooldown; the boost is over.
    const view = fightView(won.state, T0 + 2000)!;
    expect(view.weapons).toEqual([]);
    expect(view.support.map((s) => [s.id, s.cooldown])).toEqual([['eat', 0]]);
    const ate = act(won.state, SUPPORT('eat'), T0 + 2100).state;
    expect(act(ate, SUPPORT('eat'), T0 + 2200).state.expedition!.bag['cured meat']).toBe(1);
    // Leaving loses what was left and ends the fight.
    const left = act(won.state, { type: 'event_choose', button: 'leave' }, T0 + 3000).state;
    expect(left.event).toBeNull();
    expect(left.fight).toBeNull();
  });

  it('a fight saved mid-swing (JSON) goes on exactly as the one kept in memory', () => {
    const state = against({ attackDelay: 1, damage: 1, hit: 0.6, health: 30, specials: [{ delay: 3, action: 'shift' }], atHealth: { 20: 'venom' } }, { hp: 80, stores: { 'kinetic armour': 1 }, bag: { 'steel sword': 1, 'cured meat': 5 } }, createRng(99));
    const script: Array<[number, Parameters<typeof act>[1]]> = [
      [T0 + 300, ATTACK('steel sword')],
      [T0 + 2400, ATTACK('steel sword')],
      [T0 + 3100, SUPPORT('shield')],
      [T0 + 4500, ATTACK('steel sword')],
      [T0 + 6600, ATTACK('steel sword')],
      [T0 + 8700, ATTACK('steel sword')],
      [T0 + 10_800, ATTACK('steel sword')],
      [T0 + 12_900, ATTACK('steel sword')],
    ];
    const run = (s: GameState, roundTrip: boolean) => {
      for (const [at, command] of script) {
        const r = tryAct(s, command, at);
        s = r.ok ? r.state : until(s, at).state;
        if (roundTrip) s = JSON.parse(JSON.stringify(s));
      }
      return until(s, T0 + 30_000).state;
    };
    const kept = run(state, false);
    expect(run(state, true)).toEqual(kept);
    // The script did fight: both sides were hurt, and the shift took statuses.
    expect(kept.fight!.hp).toBeLessThan(30);
    expect(kept.expedition!.hp).toBeLessThan(80);
    expect(kept.fight!.lastSpecial).toBeDefined();
  });

  it('from a step into the forest to the loot at home: found, fought, won, taken, carried back', () => {
    let state = outThere({ terrain: ';', at: [31, 30], bag: { 'cured meat': 4 }, stores: { 's armour': 1 }, hp: 45 });
    state.expedition!.map.tiles[30] = state.expedition!.map.tiles[30].slice(0, 30) + 'A' + state.expedition!.map.tiles[30].slice(31);
    state.expedition!.fightSteps = 3;
    state = withRng(state, rngWhere((next) => next() < 0.2));
    state = act(state, { type: 'move', dir: 'east' }).state;
    expect(state.fight).toMatchObject({ enemy: 'snarling_beast', hp: 5 });
    let t = state.clock;
    while (!state.fight!.won) {
      state = act(state, ATTACK('fists'), t).state;
      t += 2000;
    }
    const loot = { ...state.event!.loot! };
    expect(loot.fur).toBeGreaterThan(0);
    state = act(state, { type: 'take_everything' }, state.clock + 1000).state;
    expect(state.event).toBeNull();
    expect(state.fight).toBeNull();
    state = act(state, { type: 'move', dir: 'west' }).state;
    state = act(state, { type: 'move', dir: 'west' }).state;
    expect(state.location).toBe('path');
    expect(state.stores.fur).toBe(loot.fur);
  });
});

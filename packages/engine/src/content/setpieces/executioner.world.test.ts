/**
 * The battleship on a real map, through the public `apply` and `advance`: the tile opens the way in
 * until it is found, then the elevator bank; its flags hold for the trip and reach home only with
 * the wanderer; the wings' prices and regenerators; the charts' reveal kept at home (the decision
 * table); the command deck's clearing; and each boss's special, fought with chosen rolls through
 * the real combat engine.
 */
import { describe, expect, it } from 'vitest';
import { checkChoice } from '../../events/engine.ts';
import type { Command } from '../../core/commands.ts';
import type { GameState } from '../../core/state.ts';
import { rngWhere, withRng } from '../../testing/events.ts';
import { ATTACK, act, outThere, until } from '../../testing/fight.ts';
import { milestoneIds, noticeKeys } from '../../testing/play.ts';
import { atPath, flatMap, setOut, walk, withTiles } from '../../testing/world.ts';
import { die } from '../../world/home.ts';
import { VILLAGE, tileChar } from '../../world/selectors.ts';

const NORTH3 = ['north', 'north', 'north'] as const;
const SOUTH3 = ['south', 'south', 'south'] as const;
const CHOOSE = (button: string): Command => ({ type: 'event_choose', button });

/** A battleship three steps north of the village, the way to it a road (where no fight finds anyone). */
const MAP = withTiles(flatMap(), { '0,-3': 'X', '0,-2': '#', '0,-1': '#' });

/** Set out from the path with cured meat and two torches, walked onto the battleship. */
function toBattleship(): GameState {
  const out = setOut(atPath({ 'cured meat': 10 }, MAP), { 'cured meat': 10 });
  out.expedition!.bag.torch = 2;
  return walk(out, NORTH3).state;
}

/** The tile `dy` north of the village, on the trip's map or the one kept at home. */
const at = (state: GameState, dy: number, map = state.expedition!.map) => tileChar(map, VILLAGE.x, VILLAGE.y + dy);

/** The state with event `id` standing in `scene` (a story scene's buttons, ready at once). */
function standIn(state: GameState, id: string, scene: string): GameState {
  const next = structuredClone(state);
  next.event = { id, scene };
  next.fight = null;
  return next;
}

/** Chooses `button` at the state's clock. */
const pick = (state: GameState, button: string) => act(state, CHOOSE(button));

/** The state with a fresh rng whose next draws are each `≤ 0.8` (`true`: a hit) or above (`false`: a miss). */
function rolling(state: GameState, ...hits: boolean[]): GameState {
  return withRng(state, rngWhere((next) => hits.every((hit) => (next() <= 0.8) === hit)));
}

/** Out in the world with a laser rifle, twenty cells and kinetic armour at home (85 health). */
const ARMED = { bag: { 'laser rifle': 1, 'energy cell': 20 }, hp: 85, stores: { 'kinetic armour': 1 } };

/** A fight against the boss of scene `scene`, begun by choosing `button` in the scene before it. */
function boss(id: string, before: string, button: string): GameState {
  return pick(standIn(outThere(ARMED), id, before), button).state;
}

describe('the battleship tile', () => {
  it('opens the way in on a first visit, using no supplies on that step', () => {
    const near = walk(setOut(atPath({ 'cured meat': 10 }, MAP), { 'cured meat': 10 }), ['north', 'north']).state;
    const { state, events } = walk(near, ['north']);
    expect(state.event).toMatchObject({ id: 'executioner_intro', scene: 'start' });
    expect(milestoneIds(events)).toContain('landmark_executioner');
    expect(milestoneIds(events)).not.toContain('battleship_entered');
    expect(state.expedition).toMatchObject({ water: near.expedition!.water, fightSteps: near.expedition!.fightSteps });
  });

  it('takes a torch to go in, and going in is the battleship entered', () => {
    const { state, events } = pick(toBattleship(), 'enter');
    expect(state.event).toMatchObject({ id: 'executioner_intro', scene: 's1' });
    expect(state.expedition!.bag.torch).toBe(1);
    expect(milestoneIds(events)).toEqual(['battleship_entered']);
  });

  it('once the antechamber is reached: a road, the trip flag, and the elevator bank on the next step back on', () => {
    const start = toBattleship();
    const won = structuredClone(start);
    won.event = { id: 'executioner_intro', scene: 's6' };
    won.fight = { enemy: 'battleship_automated_turret', hp: 0, won: true, timers: {}, enemyStatus: {}, playerStatus: {}, pool: 0 };
    const inside = pick(won, 'continue').state;
    expect(inside.event).toMatchObject({ id: 'executioner_intro', scene: 's7' });
    expect(inside.expedition!.flags.executioner).toBe(true);
    expect([at(inside, -3), at(inside, -2), at(inside, -1)]).toEqual(['X', '#', '#']);
    expect(inside.flags.executioner).toBeUndefined();

    const left = pick(inside, 'leave').state;
    expect(left.event).toBeNull();
    const back = walk(left, ['south', 'north']).state;
    expect(back.event).toMatchObject({ id: 'executioner_antechamber', scene: 'start' });
  });

  it('remembers the way in only when the wanderer gets home alive', () => {
    const inside = toBattleship();
    inside.event = null;
    inside.expedition!.flags.executioner = true;

    const home = walk(inside, SOUTH3).state;
    expect(home.flags.executioner).toBe(true);
    const again = walk(setOut(home, { 'cured meat': 5 }), NORTH3).state;
    expect(again.event?.id).toBe('executioner_antechamber');

    const dead = structuredClone(inside);
    die({ state: dead, now: dead.clock, events: [] }, 'combat');
    expect(dead.flags.executioner).toBeUndefined();
    const anew = walk(setOut({ ...dead, location: 'path', cooldowns: {}, stores: { 'cured meat': 5 } }, { 'cured meat': 5 }), NORTH3).state;
    expect(anew.event?.id).toBe('executioner_intro');
  });
});

describe('the elevator bank', () => {
  function bank(trip: string[], home: string[] = []): GameState {
    const state = toBattleship();
    for (const flag of trip) state.expedition!.flags[flag] = true;
    for (const flag of home) state.flags[flag] = true;
    return standIn(state, 'executioner_antechamber', 'start');
  }

  it('switches to a wing not yet done, at its start', () => {
    for (const wing of ['engineering', 'medical', 'martial']) {
      const { state, events } = pick(bank(['executioner']), wing);
      expect(state.event).toEqual({ id: `executioner_${wing}`, scene: 'start' });
      expect(noticeKeys(events)).toContain(`event.executioner_${wing}.title`);
    }
  });

  it('refuses a wing done on this trip or an earlier one, and the command deck until all three are', () => {
    const some = bank(['executioner', 'engineering'], ['medical']);
    expect(checkChoice(some, 'engineering')?.code).toBe('action/unavailable');
    expect(checkChoice(some, 'medical')?.code).toBe('action/unavailable');
    expect(checkChoice(some, 'martial')).toBeNull();
    expect(checkChoice(some, 'command')?.code).toBe('action/unavailable');
    const all = bank(['martial'], ['executioner', 'engineering', 'medical']);
    expect(checkChoice(all, 'command')).toBeNull();
    expect(pick(all, 'command').state.event).toEqual({ id: 'executioner_command', scene: 'start' });
  });

  it('keeps a wing done only when the wanderer gets home alive', () => {
    const done = toBattleship();
    done.event = null;
    done.expedition!.flags.executioner = true;
    done.expedition!.flags.martial = true;
    const home = walk(done, SOUTH3).state;
    expect(home.flags).toMatchObject({ executioner: true, martial: true });
    const dead = structuredClone(done);
    die({ state: dead, now: dead.clock, events: [] }, 'combat');
    expect(dead.flags.martial).toBeUndefined();
  });
});

describe('the wings on the way', () => {
  it('the burning junction: five water to put it out, or ten health to run through', () => {
    const fire = standIn(outThere({ hp: 50, stores: { 'kinetic armour': 1 } }), 'executioner_engineering', 's1_3');
    const doused = pick(fire, 'water').state;
    expect(doused.expedition).toMatchObject({ water: 5, hp: 50 });
    expect(['s2_3a', 's2_3b']).toContain(doused.event!.scene);
    const burned = pick(fire, 'run').state;
    expect(burned.expedition).toMatchObject({ water: 10, hp: 40 });
    expect(checkChoice(fire, 'retreat')?.code).toBe('action/unavailable');
  });

  it('the burning junction lets the wanderer who can pay neither turn back, and only them', () => {
    const fire = standIn(outThere({ hp: 10 }), 'executioner_engineering', 's1_3');
    fire.expedition!.water = 4;
    expect(checkChoice(fire, 'water')?.code).toBe('cost/not_enough');
    expect(checkChoice(fire, 'run')?.code).toBe('cost/not_enough');
    expect(pick(fire, 'retreat').state.event).toBeNull();
  });

  it.each([
    ['executioner_engineering', 's4', 's4_heal'],
    ['executioner_martial', 's10', 's11'],
  ])('%s %s: the regenerator takes an alien alloy and heals to the full', (id, scene, next) => {
    const lab = standIn(outThere({ hp: 12, bag: { 'alien alloy': 2 }, stores: { 's armour': 1 } }), id, scene);
    const { state } = pick(lab, 'use');
    expect(state.event!.scene).toBe(next);
    expect(state.expedition).toMatchObject({ hp: 45, bag: { 'alien alloy': 1 } });
    const broke = standIn(outThere({ hp: 12 }), id, scene);
    expect(checkChoice(broke, 'use')?.code).toBe('cost/not_enough');
  });

  it('the grenade blows the sealed door to the armoury', () => {
    const fork = standIn(outThere({ bag: { grenade: 1 } }), 'executioner_martial', 's1');
    const { state } = pick(fork, 'explode');
    expect(state.event!.scene).toBe('s2_1');
    expect(state.expedition!.bag.grenade).toBeUndefined();
    expect(Object.keys(state.event!.loot ?? {})).toEqual(expect.arrayContaining(['energy blade', 'laser rifle', 'energy cell']));
  });

  it('the planning room reveals three patches of the map, kept at home after a safe return', () => {
    const room = standIn(toBattleship(), 'executioner_martial', 's7_1');
    const unseen = (s: GameState, map = s.world!) => map.seen.join('').split('').filter((c) => c === '0').length;
    const { state } = pick(room, 'scavenge');
    expect(state.event!.scene).toBe('s8_1a');
    expect(state.fight).not.toBeNull();
    const revealed = unseen(room) - unseen(state);
    // three diamonds of radius 5 (61 tiles each), less overlap with each other and the map's edge
    expect(revealed).toBeGreaterThan(61);
    expect(revealed).toBeLessThanOrEqual(3 * 61);
    expect(unseen(state, state.expedition!.map)).toBeLessThan(unseen(room, room.expedition!.map));

    const fled = structuredClone(state);
    fled.event = null;
    fled.fight = null;
    const home = walk(fled, SOUTH3).state;
    const learned = (before: string[], after: string[]) =>
      after.flatMap((column, x) => [...column].flatMap((c, y) => (c === '1' && before[x][y] === '0' ? [`${x},${y}`] : [])));
    const charted = learned(room.world!.seen, state.world!.seen);
    expect(charted).toHaveLength(revealed);
    // the committed trip map knows every charted tile: the reveal is not undone by coming home
    expect(charted.filter((k) => home.world!.seen[Number(k.split(',')[0])][Number(k.split(',')[1])] !== '1')).toEqual([]);
  });

  it('blueprints found are redeemed at home, and the fleet beacon is stored', () => {
    const found = toBattleship();
    found.event = null;
    found.expedition!.bag['hypo blueprint'] = 1;
    found.expedition!.bag['fleet beacon'] = 1;
    const home = walk(found, SOUTH3).state;
    expect(home.character.blueprints.hypo).toBe(true);
    expect(home.stores['hypo blueprint']).toBeUndefined();
    expect(home.stores['fleet beacon']).toBe(1);
  });

  it('the lab blueprint lies there to be taken', () => {
    const bench = standIn(toBattleship(), 'executioner_engineering', 's5_2');
    bench.expedition!.bag = { 'cured meat': 2 };
    const { state } = pick(bench, 'continue');
    expect(state.event).toMatchObject({ scene: 's6', loot: { 'hypo blueprint': 1 } });
    const taken = act(state, { type: 'take_everything' }).state;
    expect(taken.expedition!.bag['hypo blueprint']).toBe(1);
  });
});

describe('the command deck', () => {
  it('its end clears the battleship into an outpost on a road', () => {
    const deck = toBattleship();
    deck.event = { id: 'executioner_command', scene: 's6' };
    deck.fight = { enemy: 'battleship_immortal_wanderer', hp: 0, won: true, timers: {}, enemyStatus: {}, playerStatus: {}, pool: 0 };
    const { state } = pick(deck, 'continue');
    expect(state.event).toMatchObject({ id: 'executioner_command', scene: 's7' });
    expect([at(state, -3), at(state, -2), at(state, -1)]).toEqual(['P', '#', '#']);
    const home = walk({ ...pick(state, 'leave').state }, SOUTH3).state;
    expect(at(home, -3, home.world!)).toBe('P');
  });
});

describe('the bosses, through the real fight', () => {
  const T0 = 10_000;

  it('the unstable prototype: every 5 s a shield, and the next blow heals it instead', () => {
    let state = rolling(boss('executioner_engineering', 's7_intro', 'fight'), true, false, false, true);
    expect(state.fight).toMatchObject({ enemy: 'battleship_unstable_prototype', hp: 150 });
    state = act(state, ATTACK('laser rifle'), T0).state;
    expect(state.fight!.hp).toBe(142);
    state = until(state, T0 + 5000).state;
    expect(state.fight!.enemyStatus.shield).toBeNull();
    const { state: healed, events } = act(state, ATTACK('laser rifle'), T0 + 5000);
    expect(healed.fight!.hp).toBe(150);
    expect(healed.fight!.enemyStatus.shield).toBeUndefined();
    expect(noticeKeys(events)).toContain('notice.fight.enemy_shielded');
    expect(until(healed, T0 + 9999).state.fight!.enemyStatus.shield).toBeUndefined();
    expect(until(healed, T0 + 10_000).state.fight!.enemyStatus.shield).toBeNull();
  });

  it("the prototype's leave after the win still completes the wing (the decision table)", () => {
    let state = boss('executioner_engineering', 's7_intro', 'fight');
    state.fight!.hp = 5;
    state = act(rolling(state, true), ATTACK('laser rifle'), T0).state;
    expect(state.fight!.won).toBe(true);
    expect(state.event!.loot).toEqual({ 'alien alloy': expect.any(Number), 'kinetic armour blueprint': 1 });
    expect(checkChoice(state, 'leave')?.code).toBe('action/cooling_down');
    const left = act(state, CHOOSE('leave'), T0 + 1000).state;
    expect(left.event).toBeNull();
    expect(left.expedition!.flags.engineering).toBe(true);
  });

  it('the murderous robot: energised every 13 s, its next attack worth four', () => {
    let state = rolling(boss('executioner_martial', 's11', 'engage'), false, false, false, false, true);
    expect(state.fight).toMatchObject({ enemy: 'battleship_murderous_robot', hp: 250 });
    state = until(state, T0 + 13_000).state;
    expect(state.expedition!.hp).toBe(85);
    expect(state.fight!.enemyStatus.energised).toBeNull();
    state = until(state, T0 + 15_000).state;
    expect(state.expedition!.hp).toBe(45);
    expect(state.fight!.enemyStatus.energised).toBeUndefined();
  });

  it('the broken medic: brought to 40 or less, its next bite poisons for 7 a second', () => {
    let state = boss('executioner_medical', 's13_1b', 'continue');
    expect(state.fight).toMatchObject({ enemy: 'battleship_broken_medic', hp: 80 });
    state.fight!.hp = 45;
    state = act(rolling(state, true, true), ATTACK('laser rifle'), T0).state;
    expect(state.fight!.hp).toBe(37);
    expect(state.fight!.enemyStatus.venomous).toBeNull();
    state = until(state, T0 + 3000).state;
    expect(state.expedition!.hp).toBe(70);
    expect(state.fight!.dot).toBe(7);
    expect(until(state, T0 + 5000).state.expedition!.hp).toBe(56);
  });

  it('the unstable automaton: at nothing, it bursts 3 s later for 30, then the blueprint', () => {
    let state = boss('executioner_medical', 's7_1', 'continue');
    expect(state.fight).toMatchObject({ enemy: 'battleship_unstable_automaton', hp: 100 });
    state.fight!.hp = 5;
    state = act(rolling(state, true), ATTACK('laser rifle'), T0).state;
    expect(state.fight).toMatchObject({ hp: 0, won: false, timers: { explosion: T0 + 3000 } });
    expect(until(state, T0 + 2999).state.expedition!.hp).toBe(85);
    const after = until(state, T0 + 3000).state;
    expect(after.expedition!.hp).toBe(55);
    expect(after.fight!.won).toBe(true);
    expect(after.event!.loot).toEqual({ 'glowstone blueprint': 1 });
  });

  it('the malformed experiment: every 16 s enraged, attacking each half second for 4 s', () => {
    let state = boss('executioner_medical', 's15', 'continue');
    expect(state.fight).toMatchObject({ enemy: 'battleship_malformed_experiment', hp: 200 });
    state = until(state, T0 + 16_000).state;
    expect(state.fight!.enemyStatus.enraged).toBe(T0 + 20_000);
    expect(state.fight!.timers.attack).toBe(T0 + 16_500);
    const { state: calm, events } = until(state, T0 + 20_000);
    const attacks = noticeKeys(events).filter((k) => k === 'notice.fight.hurt' || k === 'notice.fight.enemy_miss');
    expect(attacks).toHaveLength(7);
    expect(calm.fight!.enemyStatus.enraged).toBeUndefined();
    expect(calm.fight!.timers.attack).toBe(T0 + 22_000);
  });

  it('the immortal wanderer: every 7 s a shield, an enrage or a meditation, never the same twice running', () => {
    let state = boss('executioner_command', 's5', 'observe');
    expect(state.fight).toMatchObject({ enemy: 'battleship_immortal_wanderer', hp: 500 });
    const taken: string[] = [];
    for (let s = 1; s <= 84; s++) {
      state = until(state, T0 + s * 1000).state;
      state.expedition!.hp = 85;
      if (s % 7 === 0) taken.push(state.fight!.lastSpecial!);
    }
    expect(taken).toHaveLength(12);
    expect(new Set(taken)).toEqual(new Set(['shield', 'enrage', 'meditate']));
    taken.slice(1).forEach((special, i) => expect(special, `${i + 1}`).not.toBe(taken[i]));
    expect(state.fight!.won).toBe(false);
  });

  it('the bosses of the wings and the deck let the wanderer only go on after the win', () => {
    for (const [id, before, button] of [
      ['executioner_martial', 's11', 'engage'],
      ['executioner_medical', 's15', 'continue'],
      ['executioner_command', 's5', 'observe'],
    ] as const) {
      let state = boss(id, before, button);
      state.fight!.hp = 5;
      state = act(rolling(state, true), ATTACK('laser rifle'), T0).state;
      expect(state.fight!.won, id).toBe(true);
      expect(checkChoice(state, 'leave')?.code, id).toBe('action/unavailable');
      const on = act(state, CHOOSE('continue'), T0 + 1000).state;
      expect(on.event, id).not.toBeNull();
      if (id !== 'executioner_command') expect(on.expedition!.flags[id.replace('executioner_', '')], id).toBe(true);
    }
  });
});

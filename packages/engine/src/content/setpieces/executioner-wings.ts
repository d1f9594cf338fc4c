import type { GameState } from '../../core/state.ts';
import type { EventCtx, EventDef, EventScene } from '../../events/types.ts';
import { revealAround, setTripFlag } from '../../world/effects.ts';
import { drop, foe, go, goSlow, leave } from './b-parts.ts';
import {
  ENGINEERING,
  GUARD_LOOT,
  MARTIAL,
  MEDICAL,
  MEDIC_LOOT,
  QUADRUPED_LOOT,
  TURRET_LOOT,
  clash,
  guard,
  guardian,
  medic,
  quadruped,
  regenerator,
  room,
  turret,
  type ShipFlag,
} from './executioner-kit.ts';

/*
 * The battleship's three wings (spec events/08 §5–§7), opened from the antechamber. Each ends in a
 * scene that marks the wing done for the trip (kept on a safe return) and closes the event; a wing
 * done is not offered again.
 */

/** The wing's last room: done for this trip, and for good once the wanderer is home alive. */
const done = (flag: ShipFlag): EventScene => ({
  onLoad: (ctx: EventCtx) => setTripFlag(ctx, flag),
  buttons: { leave: go('end') },
});

// ---------------------------------------------------------------------------------------------
// §5 The engineering wing.

const welder = foe('battleship_unruly_welder', 'W', 50, 13, 0.8, 2);
/** Every 5 s a shield: the next blow that lands heals it instead, and breaks the shield. */
const prototype = { ...foe('battleship_unstable_prototype', 'P', 150, 5, 0.8, 2), specials: [{ delay: 5, action: 'shield' as const }] };

/** The burning corridor's prices: water to put it out, or health to run through it. */
export const DOUSE_WATER = 5;
export const SCORCH_HP = 10;

/**
 * The burning corridor offers no way back (the spec), but a choice never kills, so with less than
 * 5 water and no more than 10 health neither way through can be taken. Then, and only then, the
 * wanderer may turn back rather than stand in the smoke for ever.
 */
export function cornered(state: GameState): boolean {
  const trip = state.expedition;
  return trip !== null && trip.water < DOUSE_WATER && trip.hp <= SCORCH_HP;
}

const throughTheFire = [
  [0.5, 's2_3a'],
  [1, 's2_3b'],
] as const;

export const engineering: EventDef = {
  id: ENGINEERING,
  pool: 'world',
  available: () => false,
  scenes: {
    start: room([
      [0.3, 's1_1'],
      [0.7, 's1_2'],
      [1, 's1_3'],
    ]),

    // the assembly line
    s1_1: room(
      [
        [0.5, 's2_1a'],
        [1, 's2_1b'],
      ],
      { 'energy cell': drop(1, 4, 0.8), 'laser rifle': drop(1, 1, 0.2) },
    ),
    s2_1a: clash(welder, { 'energy cell': drop(1, 4, 0.8), 'alien alloy': drop(1, 1, 0.2) }, 's3_1'),
    s2_1b: room('s3_1'),
    s3_1: clash(guard, GUARD_LOOT, 's4'),

    // the engine room
    s1_2: clash(turret, TURRET_LOOT, 's2_2'),
    s2_2: room(
      [
        [0.5, 's3_2a'],
        [1, 's3_2b'],
      ],
      { 'alien alloy': drop(2, 4, 1) },
    ),
    s3_2a: clash(guard, GUARD_LOOT, 's4'),
    s3_2b: room('s4'),

    // the burning junction
    s1_3: {
      buttons: {
        water: { cost: { water: DOUSE_WATER }, next: throughTheFire },
        run: { cost: { hp: SCORCH_HP }, next: throughTheFire },
        retreat: { available: cornered, next: 'end' },
      },
    },
    s2_3a: clash(guard, GUARD_LOOT, 's3_3'),
    s2_3b: room('s3_3'),
    s3_3: room('s4', {
      'energy cell': drop(1, 4, 0.8),
      'laser rifle': drop(1, 1, 0.7),
      grenade: drop(1, 2, 0.6),
      'plasma rifle': drop(1, 1, 0.2),
    }),

    // the laboratory, and what was built in it
    s4: {
      buttons: {
        use: regenerator('s4_heal'),
        continue: go([
          [0.5, 's5_1'],
          [1, 's5_2'],
        ]),
        leave,
      },
    },
    s4_heal: room([
      [0.5, 's5_1'],
      [1, 's5_2'],
    ]),
    s5_1: clash(turret, TURRET_LOOT, 's6'),
    s5_2: room('s6'),
    s6: room('s7_intro', { 'hypo blueprint': drop(1, 1, 1) }),
    s7_intro: { buttons: { fight: go('s7') } },
    s7: {
      combat: prototype,
      loot: { 'alien alloy': drop(1, 2, 1), 'kinetic armour blueprint': drop(1, 1, 1) },
      buttons: {
        continue: goSlow('s8'),
        // The original's leave here skipped the wing's completion; the decision table: done either way.
        leave: { cooldown: 1000, effect: (ctx) => setTripFlag(ctx, 'engineering'), next: 'end' },
      },
    },
    s8: done('engineering'),
  },
};

// ---------------------------------------------------------------------------------------------
// §6 The martial wing.

/** Every 13 s energised: its next attack, hit or miss, is worth four. */
const robot = { ...foe('battleship_murderous_robot', 'M', 250, 10, 0.8, 3), specials: [{ delay: 13, action: 'energise' as const }] };

/** How many patches of the map the planning room's charts reveal. */
export const CHARTS = 3;

export const martial: EventDef = {
  id: MARTIAL,
  pool: 'world',
  available: () => false,
  scenes: {
    start: room('s1'),
    s1: {
      buttons: {
        explode: { cost: { grenade: 1 }, next: 's2_1' },
        right: go([
          [0.5, 's2_2'],
          [1, 's2_3'],
        ]),
        leave,
      },
    },

    // the armoury behind the sealed door
    s2_1: room('s3_1', {
      'energy blade': drop(2, 4, 1),
      'laser rifle': drop(2, 4, 1),
      'energy cell': drop(5, 19, 1),
      grenade: drop(1, 4, 0.8),
      'plasma rifle': drop(1, 1, 0.2),
    }),
    s3_1: clash(turret, TURRET_LOOT, 's4_1'),
    s4_1: room('s5'),

    // the right-hand way: a turret, then the cabins
    s2_2: clash(turret, TURRET_LOOT, [
      [0.5, 's3_2a'],
      [1, 's3_2b'],
    ]),
    s3_2a: clash(quadruped, QUADRUPED_LOOT, 's4_2'),
    s3_2b: room('s4_2'),
    s4_2: room('s5', { 'energy cell': drop(1, 4, 1), 'energy blade': drop(1, 1, 0.2) }),

    // the right-hand way: the broken turrets
    s2_3: room(
      [
        [0.5, 's3_3a'],
        [1, 's3_3b'],
      ],
      { 'alien alloy': drop(1, 2, 1) },
    ),
    s3_3a: clash(guard, GUARD_LOOT, 's4_3'),
    s3_3b: room('s4_3'),
    s4_3: clash(quadruped, QUADRUPED_LOOT, 's5'),

    s5: room('s6'),
    s6: room(
      [
        [0.5, 's7_1'],
        [1, 's7_2'],
      ],
      { 'plasma rifle blueprint': drop(1, 1, 1) },
    ),

    // the planning room: its charts, kept at home for good (the decision table), bring a guard
    s7_1: {
      buttons: {
        scavenge: {
          effect: (ctx) => {
            for (let i = 0; i < CHARTS; i++) revealAround(ctx);
          },
          next: 's8_1a',
        },
        continue: go('s8_1b'),
        leave,
      },
    },
    s8_1a: clash(guard, GUARD_LOOT, 's9_1'),
    s8_1b: room('s9_1'),
    s9_1: clash(guard, GUARD_LOOT, 's10'),

    // the cells
    s7_2: room([
      [0.5, 's8_2a'],
      [1, 's8_2b'],
    ]),
    s8_2a: room('s9_2'),
    s8_2b: room('s9_2', { 'laser rifle': drop(2, 2, 1), 'energy cell': drop(5, 9, 1) }),
    s9_2: clash(quadruped, QUADRUPED_LOOT, 's10'),

    // the training yard
    s10: { buttons: { use: regenerator('s11'), continue: go('s11'), leave } },
    s11: { buttons: { engage: go('s12') } },
    s12: guardian(robot, { 'alien alloy': drop(1, 2, 1), 'disruptor blueprint': drop(1, 1, 1) }, 's13'),
    s13: done('martial'),
  },
};

// ---------------------------------------------------------------------------------------------
// §7 The medical wing.

/** Brought to nothing it does not fall at once: 3 s later it bursts for 30. */
const automaton = { ...foe('battleship_unstable_automaton', 'A', 100, 10, 0.7, 2), explosion: 30 };
/** Every 16 s enraged: for 4 s it attacks every half second. */
const experiment = { ...foe('battleship_malformed_experiment', 'E', 200, 5, 0.8, 2), specials: [{ delay: 16, action: 'enrage' as const }] };

export const medical: EventDef = {
  id: MEDICAL,
  pool: 'world',
  available: () => false,
  scenes: {
    start: room('s1'),
    s1: clash(turret, TURRET_LOOT, 's2'),
    s2: room([
      [0.5, 's3a'],
      [1, 's3b'],
    ]),
    s3a: clash(quadruped, QUADRUPED_LOOT, 's4'),
    s3b: room('s4'),
    s4: room([
      [0.5, 's5_1'],
      [1, 's5_2'],
    ]),

    // the wards
    s5_1: clash(medic, MEDIC_LOOT, [
      [0.5, 's6_1a'],
      [1, 's6_1b'],
    ]),
    s6_1a: clash(medic, MEDIC_LOOT, 's7_1'),
    s6_1b: room('s7_1'),
    s7_1: room('s8', { 'laser rifle': drop(1, 1, 1), 'energy cell': drop(3, 9, 1) }),

    // the strategy room and its locker
    s5_2: { buttons: { force: go('s6_2a_intro'), continue: go('s6_2b'), leave } },
    s6_2a_intro: room('s6_2a', { 'energy cell': drop(5, 9, 1), hypo: drop(1, 2, 1) }),
    s6_2a: clash(medic, MEDIC_LOOT, 's7_2'),
    s6_2b: room('s7_2'),
    s7_2: clash(quadruped, QUADRUPED_LOOT, 's8'),

    s8: clash(automaton, { 'glowstone blueprint': drop(1, 1, 1) }, 's9'),
    s9: room([
      [0.5, 's10a'],
      [1, 's10b'],
    ]),
    s10a: clash(guard, GUARD_LOOT, 's11'),
    s10b: room('s11'),
    s11: clash(medic, MEDIC_LOOT, [
      [0.5, 's12_1'],
      [1, 's12_2'],
    ]),

    // cold storage
    s12_1: room(
      [
        [0.5, 's13_1a'],
        [1, 's13_1b'],
      ],
      { 'cured meat': drop(5, 9, 1) },
    ),
    s13_1a: clash(guard, GUARD_LOOT, 's14_1'),
    s13_1b: room('s14_1'),
    s14_1: clash(medic, MEDIC_LOOT, 's15'),

    // the surgery
    s12_2: room([
      [0.5, 's13_2a'],
      [1, 's13_2b'],
    ]),
    s13_2a: clash(medic, MEDIC_LOOT, 's14_2'),
    s13_2b: room('s14_2', { grenade: drop(3, 7, 1) }),
    s14_2: clash(medic, MEDIC_LOOT, 's15'),

    // containment
    s15: room('s16'),
    s16: guardian(experiment, { 'stim blueprint': drop(1, 1, 1) }, 's17'),
    s17: done('medical'),
  },
};

import type { EnemyDef } from '../../combat/types.ts';
import type { EventCtx, EventDef, EventScene, LootTable } from '../../events/types.ts';
import { clearDungeon, setTripFlag } from '../../world/effects.ts';
import { drop, fight, foe, go, goSlow, leave, leaveSlow, withTorch } from './b-parts.ts';

/*
 * S13, the ruined city (tile `Y`): four quarters (the streets, the roadblock, the shanty town, the
 * hospital), each two or three rooms deep. Every `end*` scene clears the city (an outpost on a
 * road) and records `cityCleared` for the trip; both reach home only with the wanderer, and the
 * flag then brings the soldiers' raid on the village (events/03, O6).
 */

const lizard = foe('city_lizard', 'R', 20, 5, 0.8, 2);
const sniper = foe('city_sniper', 'D', 30, 15, 0.8, 4, true);
const soldier = foe('city_soldier', 'D', 50, 8, 0.8, 2, true);
const frailMan = foe('city_frail_man', 'E', 10, 1, 0.8, 2);
const oldMan = foe('city_old_man', 'E', 10, 3, 0.5, 2);
const thug = foe('city_thug', 'E', 30, 3, 0.8, 2);
const beast = foe('city_beast', 'R', 30, 2, 0.8, 1);
const squatters = foe('city_squatters', 'EEE', 40, 2, 0.7, 0.5);
const lizards = foe('city_lizards', 'RRR', 30, 4, 0.7, 0.7);
const bird = foe('city_bird', 'R', 45, 5, 0.7, 1);
const rats = foe('city_rats', 'RRR', 60, 1, 0.8, 0.25);
const veteran = foe('city_veteran', 'D', 45, 6, 0.8, 2);
const commando = foe('city_commando', 'D', 55, 3, 0.9, 2, true);
const youth = foe('city_youth', 'E', 45, 2, 0.7, 1);
const squatter = foe('city_squatter', 'E', 20, 3, 0.8, 2);
const deformed = foe('city_deformed', 'T', 40, 8, 0.6, 2);
const tentacles = foe('city_tentacles', 'TTT', 60, 2, 0.6, 0.5);

/** What a soldier carries (the sniper has the same). */
const KIT: LootTable = { 'cured meat': drop(1, 4, 0.8), bullets: drop(1, 4, 0.5), rifle: drop(1, 1, 0.2) };
/** What the shanty town's people carry. */
const RAGS: LootTable = { cloth: drop(1, 4, 0.8), teeth: drop(1, 4, 0.5) };

/** A last room: the city cleared and the trip's flag set as it opens, then its loot. */
function ending(loot: LootTable): EventScene {
  return {
    onLoad: (ctx: EventCtx) => {
      clearDungeon(ctx);
      setTripFlag(ctx, 'cityCleared');
    },
    loot,
    buttons: { leave: leaveSlow },
  };
}

/** A fight whose won screen only goes on: there is no walking away from what lies behind it. */
function lastFight(enemy: EnemyDef, loot: LootTable, next: string): EventScene {
  return { combat: enemy, loot, buttons: { continue: goSlow(next) } };
}

export const city: EventDef = {
  id: 'city',
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      buttons: {
        enter: go([[0.2, 'a1'], [0.5, 'a2'], [0.8, 'a3'], [1, 'a4']]),
        leave,
      },
    },

    // the empty streets: a tower and the metro
    a1: { buttons: { continue: go([[0.5, 'b1'], [1, 'b2']]), leave } },
    b1: { buttons: { enter: go([[0.5, 'c1'], [1, 'c2']]), leave } },
    b2: fight(
      lizard,
      { scales: drop(5, 9, 0.8), teeth: drop(5, 9, 0.5), meat: drop(5, 9, 0.8) },
      'descend',
      [[0.5, 'c2'], [1, 'c3']],
    ),
    c1: fight(
      thug,
      { 'steel sword': drop(1, 1, 0.5), 'cured meat': drop(1, 2, 0.5), cloth: drop(1, 4, 0.8) },
      'continue',
      [[0.5, 'd1'], [1, 'd2']],
    ),
    c2: fight(beast, { meat: drop(1, 4, 0.8), fur: drop(1, 4, 0.8), teeth: drop(1, 4, 0.5) }, 'continue', 'd2'),
    c3: { buttons: { enter: withTorch([[0.5, 'd2'], [1, 'd3']]), leave } },
    d1: fight(bird, { meat: drop(5, 9, 0.8) }, 'continue', [[0.5, 'end1'], [1, 'end2']]),
    d2: {
      loot: {
        bullets: drop(1, 4, 0.5),
        steel: drop(1, 9, 0.8),
        'alien alloy': drop(1, 1, 0.01),
        cloth: drop(1, 9, 1),
      },
      buttons: { continue: goSlow('end2'), leave: leaveSlow },
    },
    d3: fight(rats, { fur: drop(5, 9, 0.8), teeth: drop(5, 9, 0.5) }, 'continue', [[0.5, 'end2'], [1, 'end3']]),
    end1: ending({ bullets: drop(5, 9, 0.8), bolas: drop(1, 4, 0.5), 'alien alloy': drop(1, 1, 0.5) }),
    end2: ending({ torch: drop(1, 4, 0.8), 'cured meat': drop(1, 4, 0.5) }),
    end3: ending({
      rifle: drop(1, 1, 0.8),
      bullets: drop(1, 4, 0.8),
      'laser rifle': drop(1, 1, 0.3),
      'energy cell': drop(1, 4, 0.3),
      'alien alloy': drop(1, 1, 0.3),
    }),

    // the roadblock: soldiers and their camps
    a2: { buttons: { continue: go([[0.5, 'b3'], [1, 'b4']]), leave } },
    b3: fight(sniper, KIT, 'continue', [[0.5, 'c4'], [1, 'c5']]),
    b4: fight(soldier, KIT, 'continue', [[0.5, 'c5'], [1, 'c6']]),
    c4: { buttons: { enter: go([[0.5, 'd4'], [1, 'd5']]), leave } },
    c5: { buttons: { enter: go('d5'), leave } },
    c6: { buttons: { enter: go([[0.5, 'd5'], [1, 'd6']]), leave } },
    d4: fight(veteran, { bayonet: drop(1, 1, 0.5), 'cured meat': drop(1, 4, 0.8) }, 'continue', [
      [0.5, 'end4'],
      [1, 'end5'],
    ]),
    d5: fight(soldier, KIT, 'continue', 'end5'),
    d6: fight(
      commando,
      { rifle: drop(1, 1, 0.5), bullets: drop(1, 4, 0.8), 'cured meat': drop(1, 4, 0.8) },
      'continue',
      [[0.5, 'end5'], [1, 'end6']],
    ),
    end4: ending({ rifle: drop(1, 1, 1), bullets: drop(1, 9, 1), grenade: drop(1, 4, 0.8) }),
    end5: ending({
      rifle: drop(1, 1, 1),
      bullets: drop(1, 9, 1),
      'cured meat': drop(1, 4, 0.8),
      medicine: drop(1, 3, 0.1),
    }),
    end6: ending({ 'laser rifle': drop(1, 1, 0.5), 'energy cell': drop(1, 4, 0.5), 'cured meat': drop(1, 9, 1) }),

    // the shanty town
    a3: { buttons: { continue: go([[0.5, 'b5'], [1, 'b6']]), leave } },
    b5: fight(
      frailMan,
      { 'cured meat': drop(1, 4, 0.8), cloth: drop(1, 4, 0.5), leather: drop(1, 1, 0.2), medicine: drop(1, 2, 0.05) },
      'continue',
      [[0.5, 'c7'], [1, 'c8']],
    ),
    b6: { buttons: { continue: go([[0.5, 'c8'], [1, 'c9']]), leave } },
    c7: { buttons: { enter: go([[0.5, 'd7'], [1, 'd8']]), leave } },
    c8: {
      loot: {
        'steel sword': drop(1, 1, 0.8),
        rifle: drop(1, 1, 0.5),
        bullets: drop(1, 7, 0.25),
        'alien alloy': drop(1, 1, 0.01),
        medicine: drop(1, 3, 0.5),
      },
      buttons: { enter: goSlow('d8'), leave: leaveSlow },
    },
    c9: {
      loot: { 'cured meat': drop(5, 9, 1) },
      buttons: { enter: goSlow([[0.5, 'd8'], [1, 'd9']]), leave: leaveSlow },
    },
    d7: fight(squatters, RAGS, 'continue', [[0.5, 'end7'], [1, 'end8']]),
    d8: fight(youth, RAGS, 'continue', 'end8'),
    d9: fight(squatter, RAGS, 'continue', [[0.5, 'end8'], [1, 'end9']]),
    end7: ending({ 'steel sword': drop(1, 1, 0.8), 'energy cell': drop(1, 4, 0.5), 'cured meat': drop(1, 9, 1) }),
    end8: ending({ 'steel sword': drop(1, 1, 0.8), bolas: drop(1, 4, 0.5), 'cured meat': drop(1, 9, 1) }),
    end9: ending({
      rifle: drop(1, 1, 0.8),
      bullets: drop(1, 4, 0.8),
      bolas: drop(1, 4, 0.5),
      'alien alloy': drop(1, 1, 0.2),
    }),

    // the hospital
    a4: { buttons: { enter: withTorch([[0.5, 'b7'], [1, 'b8']]), leave } },
    b7: { buttons: { continue: go([[0.3, 'c12'], [0.7, 'c10'], [1, 'c11']]), leave } },
    b8: fight(
      oldMan,
      { 'cured meat': drop(1, 2, 0.5), cloth: drop(1, 4, 0.8), medicine: drop(1, 1, 0.5) },
      'continue',
      [[0.3, 'c13'], [0.7, 'c11'], [1, 'end15']],
    ),
    c10: { buttons: { enter: go([[0.2, 'end12'], [0.6, 'd10'], [1, 'd11']]), leave } },
    c11: fight(
      squatters,
      { 'cured meat': drop(1, 2, 0.5), cloth: drop(3, 7, 0.8), medicine: drop(1, 2, 0.3) },
      'continue',
      'end10',
    ),
    c12: fight(lizards, { meat: drop(3, 7, 1), teeth: drop(2, 3, 1), scales: drop(3, 4, 1) }, 'continue', 'end10'),
    c13: {
      loot: { 'cured meat': drop(3, 9, 1) },
      buttons: { continue: goSlow([[0.5, 'end10'], [1, 'end11']]), leave: leaveSlow },
    },
    d10: lastFight(
      deformed,
      { cloth: drop(1, 4, 0.8), teeth: drop(2, 2, 1), steel: drop(1, 2, 0.6), scales: drop(2, 2, 0.1) },
      'end14',
    ),
    d11: lastFight(tentacles, { meat: drop(10, 19, 1) }, 'end13'),
    end10: ending({
      'energy cell': drop(1, 1, 0.3),
      medicine: drop(1, 4, 0.3),
      teeth: drop(3, 7, 1),
      scales: drop(4, 6, 0.9),
    }),
    end11: ending({ 'energy cell': drop(1, 1, 0.2), medicine: drop(3, 9, 1), teeth: drop(1, 1, 0.2) }),
    end12: ending({
      'energy cell': drop(1, 2, 0.2),
      medicine: drop(3, 9, 0.5),
      bullets: drop(2, 7, 1),
      torch: drop(1, 2, 0.5),
      grenade: drop(1, 1, 0.5),
      'alien alloy': drop(1, 1, 0.8),
    }),
    end13: ending({
      'steel sword': drop(1, 2, 0.5),
      rifle: drop(1, 1, 0.3),
      teeth: drop(2, 7, 1),
      cloth: drop(3, 5, 0.5),
      'alien alloy': drop(1, 1, 0.1),
    }),
    end14: ending({
      'energy cell': drop(2, 4, 0.8),
      medicine: drop(3, 11, 1),
      cloth: drop(1, 2, 0.5),
      steel: drop(2, 2, 0.3),
      'alien alloy': drop(1, 1, 0.3),
    }),
    end15: ending({
      'alien alloy': drop(1, 1, 0.8),
      medicine: drop(1, 3, 1),
      'cured meat': drop(3, 6, 1),
      bolas: drop(1, 2, 0.5),
      fur: drop(1, 4, 0.8),
    }),
  },
};

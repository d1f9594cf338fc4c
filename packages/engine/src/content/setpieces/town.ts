import type { EventCtx, EventDef, EventScene, LootTable } from '../../events/types.ts';
import { clearDungeon } from '../../world/effects.ts';
import { drop, fight, foe, go, goSlow, leave, leaveSlow, withTorch } from './b-parts.ts';

/*
 * S12, the deserted town (tile `O`): three ways in (the school, the street, the clinic), each a
 * short chain of rooms and fights. Every `end*` scene clears the town: it becomes an outpost on a
 * road, kept if the wanderer gets home.
 */

const thug = foe('town_thug', 'E', 30, 4, 0.8, 2);
const scavenger = foe('town_scavenger', 'E', 30, 4, 0.8, 2);
const beast = foe('town_beast', 'R', 25, 3, 0.8, 1);
const madman = foe('town_madman', 'E', 10, 6, 0.3, 1);
/** The scavenger of the school's last room, panicked and hitting harder. */
const cornered = foe('town_scavenger', 'E', 30, 5, 0.8, 2);
/** A second beast, come at the noise, with a harder bite. */
const drawnBeast = foe('town_beast', 'R', 25, 4, 0.8, 1);
const vigilante = foe('town_vigilante', 'D', 30, 6, 0.8, 2);

/** What a fallen townsman carries. */
const CLOTHES: LootTable = { cloth: drop(5, 9, 0.8), leather: drop(5, 9, 0.8), 'cured meat': drop(1, 4, 0.5) };
/** What a beast is worth. */
const PELT: LootTable = { teeth: drop(1, 4, 1), fur: drop(5, 9, 1) };
/** The two last fights drop the same. */
const ARMED: LootTable = { 'cured meat': drop(1, 4, 1), leather: drop(5, 9, 0.8), 'steel sword': drop(1, 1, 0.5) };

/** Reaching any last room clears the town. */
const cleared = (ctx: EventCtx) => clearDungeon(ctx);

/** A last room with something to take. */
const ending = (loot: LootTable): EventScene => ({ onLoad: cleared, loot, buttons: { leave: leaveSlow } });

export const town: EventDef = {
  id: 'town',
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      buttons: {
        enter: go([[0.3, 'a1'], [0.7, 'a3'], [1, 'a2']]),
        leave,
      },
    },

    // the school
    a1: { buttons: { enter: withTorch([[0.5, 'b1'], [1, 'b2']]), leave } },
    b1: {
      loot: {
        'cured meat': drop(1, 4, 1),
        torch: drop(1, 2, 0.8),
        bullets: drop(1, 4, 0.3),
        medicine: drop(1, 2, 0.05),
      },
      buttons: { continue: goSlow([[0.5, 'c1'], [1, 'c2']]), leave: leaveSlow },
    },
    b2: fight(scavenger, CLOTHES, 'continue', [[0.5, 'c2'], [1, 'c3']]),
    c1: fight(thug, CLOTHES, 'continue', 'd1'),
    c2: fight(beast, PELT, 'continue', 'd1'),
    c3: { buttons: { continue: go('d1'), leave } },
    d1: fight(cornered, ARMED, 'continue', [[0.5, 'end1'], [1, 'end2']]),
    end1: ending({
      'steel sword': drop(1, 1, 1),
      steel: drop(5, 9, 1),
      'cured meat': drop(5, 9, 1),
      bolas: drop(1, 4, 0.5),
      medicine: drop(1, 1, 0.3),
    }),
    end2: ending({ coal: drop(5, 9, 1), 'cured meat': drop(5, 9, 1), leather: drop(5, 9, 1) }),

    // the street
    a2: fight(thug, CLOTHES, 'continue', [[0.5, 'b3'], [1, 'b4']]),
    b3: fight(beast, PELT, 'continue', [[0.5, 'c4'], [1, 'c5']]),
    b4: {
      loot: {
        'cured meat': drop(1, 4, 0.8),
        torch: drop(1, 2, 0.5),
        bullets: drop(1, 4, 0.3),
        medicine: drop(1, 2, 0.1),
      },
      buttons: { continue: goSlow([[0.5, 'c5'], [1, 'c6']]), leave: leaveSlow },
    },
    c4: fight(drawnBeast, PELT, 'continue', 'd2'),
    c5: { buttons: { continue: go('d2'), leave } },
    c6: { loot: { 'cured meat': drop(1, 4, 1) }, buttons: { continue: goSlow('d2'), leave: leaveSlow } },
    d2: fight(vigilante, ARMED, 'continue', [[0.5, 'end3'], [1, 'end4']]),
    end3: ending({ rifle: drop(1, 1, 1), bullets: drop(1, 4, 1) }),
    end4: ending({
      'cured meat': drop(5, 9, 1),
      iron: drop(5, 9, 1),
      torch: drop(1, 4, 1),
      bolas: drop(1, 4, 0.5),
      medicine: drop(1, 1, 0.1),
    }),

    // the clinic
    a3: { buttons: { enter: withTorch([[0.5, 'b5'], [1, 'end5']]), leave } },
    b5: fight(
      madman,
      { cloth: drop(2, 3, 0.3), 'cured meat': drop(1, 4, 0.9), medicine: drop(1, 1, 0.4) },
      'continue',
      [[0.3, 'end5'], [1, 'end6']],
    ),
    end5: ending({ medicine: drop(2, 4, 1) }),
    /** The clinic already stripped: nothing to take, nothing to wait for. */
    end6: { onLoad: cleared, buttons: { leave } },
  },
};

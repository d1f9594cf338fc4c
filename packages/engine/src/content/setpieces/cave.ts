import type { EventCtx, EventDef, EventScene, LootTable, Next } from '../../events/types.ts';
import { clearDungeon } from '../../world/effects.ts';
import { drop, enemy, go } from './a-kit.ts';

/*
 * S11: a damp cave, three rooms deep: start → {a1 fight | a2 squeeze | a3 camp} → {b1 body | b2
 * darkness | b3, b4 fights} → {c1 | c2 fight} → {end1 | end2 | end3}. Every run meets exactly one
 * c fight. Reaching an end clears the cave: it becomes an outpost on a road.
 */

/** A room deeper in: `continue` onwards, or `leave` the cave; both locked for a second unless `quick`. */
function onwards(next: Next, quick = false): EventScene['buttons'] {
  return { continue: go(next, !quick), leave: go('end', !quick) };
}

/** A last room: its loot, and the cave cleared as it opens. */
function ending(loot: LootTable): EventScene {
  return { onLoad: (ctx: EventCtx) => clearDungeon(ctx), loot, buttons: { leave: go('end', true) } };
}

export const cave: EventDef = {
  id: 'cave',
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      buttons: {
        enter: {
          cost: { torch: 1 },
          next: [
            [0.3, 'a1'],
            [0.6, 'a2'],
            [1, 'a3'],
          ],
        },
        leave: go('end'),
      },
    },
    a1: {
      combat: enemy('cave_beast', 'R', 5, 1, 1),
      loot: { fur: drop(1, 9), teeth: drop(1, 4, 0.8) },
      buttons: onwards([
        [0.5, 'b1'],
        [1, 'b2'],
      ]),
    },
    a2: {
      buttons: onwards(
        [
          [0.5, 'b2'],
          [1, 'b3'],
        ],
        true,
      ),
    },
    a3: {
      loot: { 'cured meat': drop(1, 4), torch: drop(1, 4, 0.5), leather: drop(1, 4, 0.3) },
      buttons: onwards([
        [0.5, 'b3'],
        [1, 'b4'],
      ]),
    },
    b1: {
      loot: { 'iron sword': drop(1, 1), 'cured meat': drop(1, 4, 0.8), torch: drop(1, 2, 0.5), medicine: drop(1, 1, 0.1) },
      buttons: onwards('c1'),
    },
    b2: {
      buttons: { continue: { cost: { torch: 1 }, next: 'c1' }, leave: go('end') },
    },
    b3: {
      combat: enemy('cave_beast', 'R', 5, 1, 1),
      loot: { fur: drop(1, 2), teeth: drop(1, 1, 0.8) },
      buttons: onwards('c2'),
    },
    b4: {
      combat: enemy('cave_lizard', 'R', 6, 3, 2),
      loot: { scales: drop(1, 2), teeth: drop(1, 1, 0.8) },
      buttons: onwards('c2'),
    },
    c1: {
      combat: enemy('cave_brute', 'R', 10, 3, 2),
      loot: { fur: drop(1, 2), teeth: drop(1, 2) },
      buttons: onwards([
        [0.5, 'end1'],
        [1, 'end2'],
      ]),
    },
    c2: {
      combat: enemy('cave_giant_lizard', 'T', 10, 4, 2),
      loot: { scales: drop(1, 2), teeth: drop(1, 2) },
      buttons: onwards([
        [0.7, 'end2'],
        [1, 'end3'],
      ]),
    },
    end1: ending({ meat: drop(5, 9), fur: drop(5, 9), scales: drop(5, 9), teeth: drop(5, 9), cloth: drop(5, 9, 0.5) }),
    end2: ending({
      cloth: drop(5, 9),
      leather: drop(5, 9),
      iron: drop(5, 9),
      'cured meat': drop(5, 9),
      steel: drop(5, 9, 0.5),
      bolas: drop(1, 2, 0.3),
      medicine: drop(1, 3, 0.15),
    }),
    end3: ending({ 'steel sword': drop(1, 1), bolas: drop(1, 2, 0.5), medicine: drop(1, 2, 0.3) }),
  },
};

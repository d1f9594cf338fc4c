import type { EventDef, LootTable } from '../../events/types.ts';
import { markVisited, refillWater } from '../../world/effects.ts';
import { drop, enemy, go } from './a-kit.ts';

/** What an untouched house (or its squatter) has put by. */
const HOUSEHOLD: LootTable = {
  'cured meat': drop(1, 9, 0.8),
  leather: drop(1, 9, 0.2),
  cloth: drop(1, 9, 0.5),
};

/** S2: one of ten old houses. Whatever is inside, the house is done with afterwards. */
export const house: EventDef = {
  id: 'house',
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      buttons: {
        enter: go([
          [0.25, 'medicine'],
          [0.5, 'supplies'],
          [1, 'occupied'],
        ]),
        leave: go('end'),
      },
    },
    supplies: {
      onLoad: (ctx) => {
        refillWater(ctx);
        markVisited(ctx);
      },
      loot: HOUSEHOLD,
      buttons: { leave: go('end', true) },
    },
    medicine: {
      onLoad: (ctx) => markVisited(ctx),
      loot: { medicine: drop(2, 4) },
      buttons: { leave: go('end', true) },
    },
    occupied: {
      onLoad: (ctx) => markVisited(ctx),
      combat: enemy('house_squatter', 'E', 10, 3, 2),
      loot: HOUSEHOLD,
      buttons: { leave: go('end', true) },
    },
  },
};

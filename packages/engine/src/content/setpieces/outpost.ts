import type { EventDef } from '../../events/types.ts';
import { refillWater, useOutpost } from '../../world/effects.ts';
import { drop, go } from './a-kit.ts';

/**
 * S1: a cleared dungeon kept as a camp. Water back to full and a little food; the outpost then does
 * nothing more until the next trip (stepping on a used one opens nothing, see the world's move).
 */
export const outpost: EventDef = {
  id: 'outpost',
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      onLoad: (ctx) => {
        refillWater(ctx);
        useOutpost(ctx);
      },
      loot: { 'cured meat': drop(5, 9) },
      buttons: { leave: go('end', true) },
    },
  },
};

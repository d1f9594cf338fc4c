import type { EventDef } from '../../events/types.ts';
import { drawRoad, markVisited, setTripFlag } from '../../world/effects.ts';
import { go } from './a-kit.ts';

/** S6: the crashed starship. Found and brought home alive, it opens the ship. (The original's button id is a typo; ours is `salvage`.) */
export const ship: EventDef = {
  id: 'ship',
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      onLoad: (ctx) => {
        markVisited(ctx);
        drawRoad(ctx);
        setTripFlag(ctx, 'ship');
      },
      buttons: { salvage: go('end') },
    },
  },
};

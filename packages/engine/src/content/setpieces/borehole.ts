import type { EventDef } from '../../events/types.ts';
import { markVisited } from '../../world/effects.ts';
import { drop, go } from './a-kit.ts';

/** S4: a drill hole with alloy shavings at its lip, there for the taking once. */
export const borehole: EventDef = {
  id: 'borehole',
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      onLoad: (ctx) => markVisited(ctx),
      loot: { 'alien alloy': drop(1, 2) },
      buttons: { leave: go('end', true) },
    },
  },
};

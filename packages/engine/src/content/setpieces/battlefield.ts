import type { EventDef } from '../../events/types.ts';
import { markVisited } from '../../world/effects.ts';
import { drop, go } from './a-kit.ts';

/** S3: an old battlefield, picked over once. Its leave button, alone among the landmarks', is not locked. */
export const battlefield: EventDef = {
  id: 'battlefield',
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      onLoad: (ctx) => markVisited(ctx),
      loot: {
        rifle: drop(1, 2, 0.5),
        bullets: drop(5, 19, 0.8),
        'laser rifle': drop(1, 2, 0.3),
        'energy cell': drop(5, 9, 0.5),
        grenade: drop(1, 4, 0.5),
        'alien alloy': drop(1, 1, 0.3),
      },
      buttons: { leave: go('end') },
    },
  },
};

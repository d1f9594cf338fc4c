import { grantPerk } from '../../core/perks.ts';
import type { EventDef } from '../../events/types.ts';
import { markVisited } from '../../world/effects.ts';
import { go } from './a-kit.ts';

/**
 * S5: a hermit in the swamp who, given a charm, teaches how to make meat go further (perk
 * `gastronome`). Until the charm changes hands the swamp can be visited again.
 */
export const swamp: EventDef = {
  id: 'swamp',
  pool: 'world',
  available: () => false,
  scenes: {
    start: { buttons: { enter: go('cabin'), leave: go('end') } },
    cabin: { buttons: { talk: { cost: { charm: 1 }, next: 'talk' }, leave: go('end') } },
    talk: {
      onLoad: (ctx) => {
        grantPerk(ctx, 'gastronome');
        markVisited(ctx);
      },
      buttons: { leave: go('end') },
    },
  },
};

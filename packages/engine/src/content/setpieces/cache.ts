import { addStore } from '../../core/context.ts';
import type { EventCtx, EventDef } from '../../events/types.ts';
import { markVisited } from '../../world/effects.ts';
import { go } from './a-kit.ts';

/**
 * The carried stores go straight into the home stores (not the bag, no weight limit) and are gone
 * once claimed, so the cache is not placed again (the spec's decision: it disappears once claimed).
 */
export function claimCarryOver(ctx: EventCtx): void {
  const stores = ctx.state.prestige.stores;
  if (!stores) return;
  for (const [item, amount] of Object.entries(stores)) if (amount > 0) addStore(ctx.state, item, Math.floor(amount));
  ctx.state.prestige.stores = null;
}

/** S7: the burned village of a previous run, only on maps made while its stockpile waits. */
export const cache: EventDef = {
  id: 'cache',
  pool: 'world',
  available: () => false,
  scenes: {
    start: { buttons: { enter: go('underground'), leave: go('end') } },
    underground: { buttons: { take: go('exit') } },
    exit: {
      onLoad: (ctx) => {
        markVisited(ctx);
        claimCarryOver(ctx);
      },
      buttons: { leave: go('end') },
    },
  },
};

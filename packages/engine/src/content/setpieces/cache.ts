import { addStore } from '../../core/context.ts';
import type { GameState } from '../../core/state.ts';
import type { EventCtx, EventDef } from '../../events/types.ts';
import { markVisited } from '../../world/effects.ts';
import { go } from './a-kit.ts';

/**
 * What a finished run left for the next one (spec core/08 §3), as the prestige issue will keep it:
 * `prestige.stores`, item → amount. The state has no such field yet, so until then the cache pays
 * nothing; its scenes and the visited mark work already.
 */
interface CarryOver {
  prestige?: { stores?: Record<string, number> };
}

/**
 * The carried stores go straight into the home stores (not the bag, no weight limit) and are gone
 * once claimed, so the cache is not placed again (the spec's decision: it disappears once claimed).
 */
export function claimCarryOver(ctx: EventCtx): void {
  const prestige = (ctx.state as GameState & CarryOver).prestige;
  const stores = prestige?.stores;
  if (!prestige || !stores) return;
  for (const [item, amount] of Object.entries(stores)) if (amount > 0) addStore(ctx.state, item, Math.floor(amount));
  delete prestige.stores;
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

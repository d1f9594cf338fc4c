import type { EventDef } from '../../events/types.ts';
import { grantPerk } from '../../core/perks.ts';
import { endThieves } from '../../outside/thieves.ts';

/** The thief is caught; hanging returns what was stolen, mercy teaches the village to move unseen. */
export const thief: EventDef = {
  id: 'thief',
  pool: 'global',
  available: (state) => state.thieves.state === 1,
  scenes: {
    start: {
      buttons: {
        hang: { next: 'hang' },
        spare: { next: 'spare' },
      },
    },
    hang: {
      onLoad: (ctx) => endThieves(ctx, true),
      buttons: { leave: { next: 'end' } },
    },
    spare: {
      onLoad: (ctx) => {
        endThieves(ctx, false);
        grantPerk(ctx, 'stealthy');
      },
      buttons: { leave: { next: 'end' } },
    },
  },
};

export const GLOBAL_EVENTS: readonly EventDef[] = [thief];

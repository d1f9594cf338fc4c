import type { EventDef } from '../../events/types.ts';

/** The small landmarks, the mines and the cave (spec events/06). */
export const SETPIECES_A: readonly EventDef[] = [];

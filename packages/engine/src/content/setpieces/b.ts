import type { EventDef } from '../../events/types.ts';

/** The deserted town and the ruined city (spec events/07). */
export const SETPIECES_B: readonly EventDef[] = [];

import type { EventDef } from '../../events/types.ts';

/** Landmark events, opened by stepping on their tile; ids as in the spec (`house`, `cave`, `city`…). */
export const SETPIECES: readonly EventDef[] = [];

import type { EventDef } from '../../events/types.ts';
import { SETPIECES_A } from './a.ts';
import { SETPIECES_B } from './b.ts';

/** Landmark events, opened by stepping on their tile; ids as in the spec (`house`, `cave`, `city`…). */
export const SETPIECES: readonly EventDef[] = [...SETPIECES_A, ...SETPIECES_B];

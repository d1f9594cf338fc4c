import type { EventDef } from '../../events/types.ts';
import { SETPIECES_A } from './a.ts';
import { SETPIECES_B } from './b.ts';
import { EXECUTIONER } from './executioner.ts';

/** Landmark events, opened by stepping on their tile; ids as in the spec (`house`, `cave`, `city`…), the battleship's `executioner_*`. */
export const SETPIECES: readonly EventDef[] = [...SETPIECES_A, ...SETPIECES_B, ...EXECUTIONER];

import type { EventDef } from '../../events/types.ts';
import { city } from './city.ts';
import { town } from './town.ts';

/** The deserted town and the ruined city (spec events/07). */
export const SETPIECES_B: readonly EventDef[] = [town, city];

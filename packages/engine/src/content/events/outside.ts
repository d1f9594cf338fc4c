import type { EventDef } from '../../events/types.ts';

export const OUTSIDE_EVENTS: readonly EventDef[] = [];

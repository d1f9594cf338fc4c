import type { EventDef } from '../../events/types.ts';

export const ROOM_EVENTS: readonly EventDef[] = [];

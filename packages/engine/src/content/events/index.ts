import type { EventDef } from '../../events/types.ts';
import { GLOBAL_EVENTS } from './global.ts';
import { OUTSIDE_EVENTS } from './outside.ts';
import { ROOM_EVENTS } from './room.ts';

/** The random pool: every entry is one equally likely candidate. */
export const EVENTS: readonly EventDef[] = [...GLOBAL_EVENTS, ...ROOM_EVENTS, ...OUTSIDE_EVENTS];

export function eventById(id: string): EventDef | undefined {
  return EVENTS.find((event) => event.id === id);
}

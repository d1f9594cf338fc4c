import type { EventDef } from '../../events/types.ts';
import { GLOBAL_EVENTS } from './global.ts';
import { OUTSIDE_EVENTS } from './outside.ts';
import { ROOM_EVENTS } from './room.ts';
import { ENCOUNTERS } from '../encounters.ts';
import { SETPIECES } from '../setpieces/index.ts';

/** The random pool: every entry is one equally likely candidate. */
export const EVENTS: readonly EventDef[] = [...GLOBAL_EVENTS, ...ROOM_EVENTS, ...OUTSIDE_EVENTS];

/** Events the world opens itself: fights found on the way and the landmarks' setpieces. */
export const WORLD_EVENTS: readonly EventDef[] = [...ENCOUNTERS, ...SETPIECES];

const BY_ID = new Map([...EVENTS, ...WORLD_EVENTS].map((event) => [event.id, event]));

export function eventById(id: string): EventDef | undefined {
  return BY_ID.get(id);
}

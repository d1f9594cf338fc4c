import type { EventDef } from '../events/types.ts';

/**
 * The fights found on the way, one event each (pool `world`): a single fight scene whose
 * `available` says where it can happen (distance tier and exact terrain).
 */
export const ENCOUNTERS: readonly EventDef[] = [];

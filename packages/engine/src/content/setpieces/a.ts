import type { EventDef } from '../../events/types.ts';
import { battlefield } from './battlefield.ts';
import { borehole } from './borehole.ts';
import { cache } from './cache.ts';
import { cave } from './cave.ts';
import { house } from './house.ts';
import { coalmine, ironmine, sulphurmine } from './mines.ts';
import { outpost } from './outpost.ts';
import { ship } from './ship.ts';
import { swamp } from './swamp.ts';

/** The small landmarks, the mines and the cave (spec events/06), S1 … S11 in order. */
export const SETPIECES_A: readonly EventDef[] = [
  outpost,
  house,
  battlefield,
  borehole,
  swamp,
  ship,
  cache,
  ironmine,
  coalmine,
  sulphurmine,
  cave,
];

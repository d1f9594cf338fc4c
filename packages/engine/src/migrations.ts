import type { MilestoneId } from './content/milestones.ts';
import { STATE_VERSION, type GameState } from './core/state.ts';
import type { RngState } from './core/rng.ts';
import { eventDelay } from './content/timings.ts';
import { generateWorld } from './world/generate.ts';

export class SaveFormatError extends Error {
  override name = 'SaveFormatError';
}

type Save = Record<string, unknown>;

const record = (value: unknown): Save =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Save) : {};
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Version 1 → 2: `milestones` appears. A version-1 save never recorded when anything happened, so
 * each milestone its state shows it has passed is dated to the save's own clock. What leaves no
 * trace (a gather longer ago than its cooldown) is recorded the next time it happens instead.
 */
function addMilestones(old: Save): Save {
  const room = record(old.room);
  const fire = num(room.fire);
  const builder = typeof room.builder === 'number' ? room.builder : -1;
  const passed: Partial<Record<MilestoneId, boolean>> = {
    fire_lit: fire > 0 || builder >= 0,
    builder_arrived: builder >= 1,
    forest_opened: record(old.features).outside === true,
    first_gather: record(old.cooldowns).gather !== undefined,
    builder_helping: builder >= 4,
    first_trap: num(record(record(old.outside).buildings).trap) >= 1,
  };
  const at = num(old.clock);
  const milestones = Object.fromEntries(
    Object.entries(passed).flatMap(([id, reached]) => (reached ? [[id, at]] : [])),
  );
  return { ...old, milestones };
}

/**
 * Version 2 → 3: the village. The way out, where the player looks, perks, thieves, events and their
 * promised payouts, lasting flags, and two new timers: arrivals (none yet: version 2 had no huts)
 * and the random-event roll, first due 3 to 5 minutes on, drawn from the save's own RNG.
 */
function addVillage(old: Save): Save {
  // A copy: the draw below must not advance the RNG of the save this step was given.
  const rng = { ...record(old.rng) } as unknown as RngState;
  const outsideOpen = record(old.features).outside === true;
  return {
    ...old,
    features: { ...record(old.features), path: false },
    location: 'room',
    timers: { ...record(old.timers), population: null, event: num(old.clock) + eventDelay(rng) },
    rng,
    seen: { ...record(old.seen), crafts: [] },
    character: { perks: {} },
    thieves: { state: 0, stolen: {} },
    event: null,
    payouts: [],
    flags: outsideOpen ? { seen_forest: true } : {},
  };
}

/**
 * Version 3 → 4: the wasteland. The perk counters and blueprints join the character, and a save
 * that already owns the compass gets its world drawn now, from its own RNG, as buying the compass
 * does in play. Nobody can be out in the world or mid-fight in a version-3 save.
 */
function addWasteland(old: Save): Save {
  const rng = { ...record(old.rng) } as unknown as RngState;
  const pathOpen = record(old.features).path === true;
  const character = record(old.character);
  return {
    ...old,
    rng,
    character: { perks: { ...record(character.perks) }, punches: 0, starved: 0, dehydrated: 0, blueprints: {} },
    // Revealed as far as the player sees from the village: 4 for one who learned scouting already.
    world: pathOpen ? generateWorld(rng, { prestige: false, radius: record(character.perks).scout ? 4 : 2 }) : null,
    outfit: {},
    expedition: null,
    fight: null,
  };
}

/**
 * Version 4 → 5: the endgame. Fabricator and ship features, the ship, a flight, prestige and the
 * ending. A version-4 save that brought the crashed ship or the battleship home already has their
 * flags, so their unlocks are honoured here.
 */
function addEndgame(old: Save): Save {
  const flags = record(old.flags);
  const ship = flags.ship === true;
  return {
    ...old,
    features: { ...record(old.features), fabricator: flags.executioner === true, ship },
    ship: ship ? { hull: 0, thrusters: 1, seenWarning: false } : null,
    flight: null,
    prestige: { stores: null, score: 0 },
    ending: null,
  };
}

/** One step per save version: `MIGRATIONS[n]` turns a version-n state into version n+1. */
export const MIGRATIONS: Readonly<Record<number, (old: Save) => Save>> = {
  1: addMilestones,
  2: addVillage,
  3: addWasteland,
  4: addEndgame,
};

/** Brings a saved state of any earlier version up to the current one; refuses what it cannot read. */
export function migrate(saved: unknown): GameState {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) {
    throw new SaveFormatError('a save must be a JSON object');
  }
  let state = structuredClone(saved) as Save;
  let version = state.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new SaveFormatError(`unknown save version ${String(version)}`);
  }
  if (version > STATE_VERSION) throw new SaveFormatError(`save version ${version} is newer than this game`);
  while (version < STATE_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) throw new SaveFormatError(`no migration from save version ${version}`);
    state = step(state);
    version += 1;
    state.version = version;
  }
  return state as unknown as GameState;
}

import type { MilestoneId } from './content/milestones.ts';
import { STATE_VERSION, type GameState } from './core/state.ts';

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
  const passed: Record<MilestoneId, boolean> = {
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

/** One step per save version: `MIGRATIONS[n]` turns a version-n state into version n+1. */
const MIGRATIONS: Record<number, (old: Save) => Save> = {
  1: addMilestones,
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

import { STATE_VERSION, type GameState } from './core/state.ts';

export class SaveFormatError extends Error {}

/** One step per save version: `MIGRATIONS[n]` turns a version-n state into version n+1. */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

/** Brings a saved state of any earlier version up to the current one; refuses what it cannot read. */
export function migrate(saved: unknown): GameState {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) {
    throw new SaveFormatError('a save must be a JSON object');
  }
  let state = structuredClone(saved) as Record<string, unknown>;
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

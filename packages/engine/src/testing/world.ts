/** Helpers for the world and path tests: hand-drawn maps, a traveller ready to set out, steps. */
import type { Step } from '../advance.ts';
import type { Direction } from '../core/commands.ts';
import type { GameState, WorldMap } from '../core/state.ts';
import { setTile } from '../world/effects.ts';
import { VILLAGE, WORLD_SIZE } from '../world/selectors.ts';
import { quiet } from './events.ts';
import { mustApply } from './play.ts';

/** A map of one terrain everywhere but the village, nothing seen. */
export function flatMap(char = ','): WorldMap {
  const map: WorldMap = {
    tiles: Array.from({ length: WORLD_SIZE }, () => char.repeat(WORLD_SIZE)),
    seen: Array.from({ length: WORLD_SIZE }, () => '0'.repeat(WORLD_SIZE)),
    done: [],
  };
  setTile(map, VILLAGE.x, VILLAGE.y, 'A');
  return map;
}

/** `map` with tiles put at offsets from the village: `{ '0,-2': 'H' }` is a house two steps north. */
export function withTiles(map: WorldMap, tiles: Record<string, string>): WorldMap {
  const out = structuredClone(map);
  for (const [at, char] of Object.entries(tiles)) {
    const [dx, dy] = at.split(',').map(Number);
    setTile(out, VILLAGE.x + dx, VILLAGE.y + dy, char);
  }
  return out;
}

/** On the path screen, compass owned, `stores` at home, the given map (a flat field by default). */
export function atPath(stores: Record<string, number> = {}, map: WorldMap = flatMap(), seed = 1): GameState {
  const state = quiet({ compass: 1, ...stores }, 'path', seed);
  state.features.outside = true;
  state.features.path = true;
  state.world = structuredClone(map);
  return state;
}

/** Packed with `outfit` and set out (through `apply`). */
export function setOut(state: GameState, outfit: Record<string, number>): GameState {
  const packed = { ...structuredClone(state), outfit: { ...outfit } };
  return mustApply(packed, { type: 'embark' }, packed.clock).state;
}

/** Steps in order, each through `apply` at the state's clock; every event of them all. */
export function walk(state: GameState, dirs: readonly Direction[]): Step {
  const events: Step['events'] = [];
  for (const dir of dirs) {
    const step = mustApply(state, { type: 'move', dir }, state.clock);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

/** `n` steps alternating east and west (never home, never further than one from the start). */
export function pace(state: GameState, n: number): Step {
  return walk(state, Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 'east' : 'west')));
}

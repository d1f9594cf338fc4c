import type { GameState, WorldMap } from '../core/state.ts';

export const WORLD_SIZE = 61;
export const VILLAGE = { x: 30, y: 30 } as const;

export type Terrain = 'forest' | 'field' | 'barrens';
/** What a tile is, by the spec's letters; `done` landmarks read as their kind with `done: true`. */
export type TileKind =
  | 'village'
  | Terrain
  | 'road'
  | 'outpost'
  | 'ironmine'
  | 'coalmine'
  | 'sulphurmine'
  | 'house'
  | 'cave'
  | 'town'
  | 'city'
  | 'ship'
  | 'borehole'
  | 'battlefield'
  | 'swamp'
  | 'executioner'
  | 'cache';

export function tileChar(map: WorldMap, x: number, y: number): string {
  return map.tiles[x]?.[y] ?? '';
}

export function isSeen(map: WorldMap, x: number, y: number): boolean {
  return map.seen[x]?.[y] === '1';
}

export function tileKind(_char: string): TileKind {
  return 'barrens';
}

/** Manhattan distance from the village. */
export function distance(x: number, y: number): number {
  return Math.abs(x - VILLAGE.x) + Math.abs(y - VILLAGE.y);
}

/** How far the player sees: 2, or 4 with the scout's perk. */
export function lightRadius(_state: GameState): number {
  return 2;
}

/**
 * Landmarks in sight and the way home, for a screen reader: "a swamp two steps north, the village
 * far to the south-east". The client words each entry from its catalog.
 */
export interface Surrounding {
  kind: TileKind;
  /** Steps away (Manhattan). */
  steps: number;
  /** 'here', a compass point, or a combination ('north-east'). */
  direction: string;
}
export function surroundings(_state: GameState): Surrounding[] {
  return [];
}

/** Where the compass points: the crashed ship's direction from the village. */
export function compassDirection(_map: WorldMap): string {
  return 'north';
}

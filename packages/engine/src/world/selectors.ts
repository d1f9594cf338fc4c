import type { GameState, WorldMap } from '../core/state.ts';

export const WORLD_SIZE = 61;
export const RADIUS = 30;
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

/** The landmarks: every tile kind that is not the village, terrain or road. */
export type LandmarkKind = Exclude<TileKind, 'village' | Terrain | 'road'>;

/** The spec's tile letters. */
export const TILE_CHARS: Readonly<Record<TileKind, string>> = {
  village: 'A',
  forest: ';',
  field: ',',
  barrens: '.',
  road: '#',
  outpost: 'P',
  ironmine: 'I',
  coalmine: 'C',
  sulphurmine: 'S',
  house: 'H',
  cave: 'V',
  town: 'O',
  city: 'Y',
  ship: 'W',
  borehole: 'B',
  battlefield: 'F',
  swamp: 'M',
  executioner: 'X',
  cache: 'U',
};

const KIND_OF_CHAR = new Map(Object.entries(TILE_CHARS).map(([kind, char]) => [char, kind as TileKind]));

export const LANDMARK_KINDS: readonly LandmarkKind[] = [
  'outpost',
  'ironmine',
  'coalmine',
  'sulphurmine',
  'house',
  'cave',
  'town',
  'city',
  'ship',
  'borehole',
  'battlefield',
  'swamp',
  'executioner',
  'cache',
];

export function tileChar(map: WorldMap, x: number, y: number): string {
  return map.tiles[x]?.[y] ?? '';
}

export function isSeen(map: WorldMap, x: number, y: number): boolean {
  return map.seen[x]?.[y] === '1';
}

/** The kind a tile letter stands for; an unknown letter reads as barrens. */
export function tileKind(char: string): TileKind {
  return KIND_OF_CHAR.get(char) ?? 'barrens';
}

export function isTerrainChar(char: string): boolean {
  return char === ';' || char === ',' || char === '.';
}

export function isLandmarkKind(kind: TileKind): kind is LandmarkKind {
  return (LANDMARK_KINDS as readonly string[]).includes(kind);
}

export const posKey = (x: number, y: number) => `${x},${y}`;

/** Whether the landmark at (x, y) has been completed: from then on it is plain ground. */
export function isDone(map: WorldMap, x: number, y: number): boolean {
  return map.done.includes(posKey(x, y));
}

/** Manhattan distance from the village. */
export function distance(x: number, y: number): number {
  return Math.abs(x - VILLAGE.x) + Math.abs(y - VILLAGE.y);
}

/** How far the player sees: 2, or 4 with the scout's perk. */
export function lightRadius(state: GameState): number {
  return state.character.perks.scout ? 4 : 2;
}

/** The eight compass points, as words the catalogs name (`world.direction.<point>`). */
export type CompassPoint = 'north' | 'south' | 'east' | 'west' | 'northeast' | 'northwest' | 'southeast' | 'southwest';

/**
 * The compass point of an offset (x east, y south), by the spec's rule (05 §6): mostly sideways is
 * east or west, mostly up or down north or south, anything between a combination.
 */
export function directionOf(dx: number, dy: number): CompassPoint {
  const horizontal = dx > 0 ? 'east' : 'west';
  const vertical = dy > 0 ? 'south' : 'north';
  if (Math.abs(dx) / 2 > Math.abs(dy)) return horizontal;
  if (Math.abs(dy) / 2 > Math.abs(dx)) return vertical;
  return `${vertical}${horizontal}` as CompassPoint;
}

/**
 * Landmarks in sight and the way home, for a screen reader: "a swamp two steps north, the village
 * far to the south-east". The client words each entry from its catalog.
 */
export interface Surrounding {
  kind: TileKind;
  /** Steps away (Manhattan). */
  steps: number;
  /** 'here', or a compass point ('north', 'northeast', …), as `CompassPoint`. */
  direction: CompassPoint | 'here';
  /** A completed landmark (plain ground now). */
  done: boolean;
}

/**
 * Out on the map: every landmark within the light radius (nearest first, ties in map order), then
 * the village (always, however far). Empty at home.
 */
export function surroundings(state: GameState): Surrounding[] {
  const trip = state.expedition;
  if (!trip) return [];
  const { map, x, y } = trip;
  const radius = lightRadius(state);
  const near: Surrounding[] = [];
  for (let tx = Math.max(0, x - radius); tx <= Math.min(WORLD_SIZE - 1, x + radius); tx++) {
    for (let ty = Math.max(0, y - radius); ty <= Math.min(WORLD_SIZE - 1, y + radius); ty++) {
      const steps = Math.abs(tx - x) + Math.abs(ty - y);
      const kind = tileKind(tileChar(map, tx, ty));
      if (steps > radius || !isLandmarkKind(kind)) continue;
      near.push({ kind, steps, direction: steps === 0 ? 'here' : directionOf(tx - x, ty - y), done: isDone(map, tx, ty) });
    }
  }
  near.sort((a, b) => a.steps - b.steps);
  const home = distance(x, y);
  near.push({ kind: 'village', steps: home, direction: home === 0 ? 'here' : directionOf(VILLAGE.x - x, VILLAGE.y - y), done: false });
  return near;
}

/** Where the ship lies: the first crashed-ship tile scanning x, then y; null on a map without one. */
export function shipPosition(map: WorldMap): { x: number; y: number } | null {
  for (let x = 0; x < map.tiles.length; x++) {
    const y = map.tiles[x].indexOf(TILE_CHARS.ship);
    if (y >= 0) return { x, y };
  }
  return null;
}

/** Where the compass points: the crashed ship's direction from the village. */
export function compassDirection(map: WorldMap): CompassPoint {
  const ship = shipPosition(map);
  if (!ship) return 'north';
  return directionOf(ship.x - VILLAGE.x, ship.y - VILLAGE.y);
}

import { nextFloat, type RngState } from '../core/rng.ts';
import type { WorldMap } from '../core/state.ts';
import { RADIUS, TILE_CHARS, VILLAGE, WORLD_SIZE, isTerrainChar, type LandmarkKind, type Terrain } from './selectors.ts';

/** Base odds of each terrain (spec 05 §2), in the order ties are listed. */
const BASE_ODDS: ReadonlyArray<readonly [Terrain, number]> = [
  ['forest', 0.15],
  ['field', 0.35],
  ['barrens', 0.5],
];
/** How much each generated neighbour pulls a tile toward its own kind. */
const STICKINESS = 0.5;

/**
 * The landmarks in placement order (spec 05 §3): how many, and the radius drawn from
 * [min, maxExclusive) (a single radius when they are equal).
 */
export const LANDMARKS: ReadonlyArray<{ kind: LandmarkKind; count: number; min: number; max: number }> = [
  { kind: 'outpost', count: 0, min: 0, max: 0 },
  { kind: 'ironmine', count: 1, min: 5, max: 5 },
  { kind: 'coalmine', count: 1, min: 10, max: 10 },
  { kind: 'sulphurmine', count: 1, min: 20, max: 20 },
  { kind: 'house', count: 10, min: 0, max: 45 },
  { kind: 'cave', count: 5, min: 3, max: 10 },
  { kind: 'town', count: 10, min: 10, max: 20 },
  { kind: 'city', count: 20, min: 20, max: 45 },
  { kind: 'ship', count: 1, min: 28, max: 28 },
  { kind: 'borehole', count: 10, min: 15, max: 45 },
  { kind: 'battlefield', count: 5, min: 18, max: 45 },
  { kind: 'swamp', count: 1, min: 15, max: 45 },
  { kind: 'executioner', count: 1, min: 28, max: 28 },
];
/** Only with carried-over stores from an earlier game (prestige). */
export const CACHE = { kind: 'cache', count: 1, min: 10, max: 45 } as const;

/** Draws for one landmark before giving up (never reached on a real map: there is terrain everywhere). */
const MAX_TRIES = 100_000;

/** The tile at ring `r`, position `t` (0 … 8r−1): top edge, right, bottom, left, as the spec orders them. */
export function ringTile(r: number, t: number): [number, number] {
  const c = VILLAGE.x;
  if (t < 2 * r) return [c - r + t, c - r];
  if (t < 4 * r) return [c + r, c - 3 * r + t];
  if (t < 6 * r) return [c + 5 * r - t, c + r];
  return [c - r, c + 7 * r - t];
}

type Grid = string[][];

const TERRAIN_CHAR: Readonly<Record<Terrain, string>> = { forest: ';', field: ',', barrens: '.' };

/** One tile from its generated neighbours (north, south, east, west), with the spec's sort-and-accumulate. */
function chooseTile(grid: Grid, x: number, y: number, rng: RngState): string {
  const neighbours = [
    y > 0 ? grid[x][y - 1] : '',
    y < WORLD_SIZE - 1 ? grid[x][y + 1] : '',
    x < WORLD_SIZE - 1 ? grid[x + 1][y] : '',
    x > 0 ? grid[x - 1][y] : '',
  ];
  // Kinds keep the order they are first met in (neighbours, then the base list): the sort below is
  // stable, so ties are walked in that order.
  const weights = new Map<string, number>();
  let free = 1;
  for (const n of neighbours) {
    if (n === TILE_CHARS.village) return TERRAIN_CHAR.forest;
    if (n === '') continue;
    weights.set(n, (weights.get(n) ?? 0) + STICKINESS);
    free -= STICKINESS;
  }
  for (const [kind, odds] of BASE_ODDS) {
    const char = TERRAIN_CHAR[kind];
    weights.set(char, (weights.get(char) ?? 0) + odds * free);
  }
  const sorted = [...weights].sort((a, b) => b[1] - a[1]);
  const roll = nextFloat(rng);
  let cumulative = 0;
  for (const [char, weight] of sorted) {
    cumulative += weight;
    if (roll < cumulative) return char;
  }
  return TERRAIN_CHAR.barrens;
}

/** The terrain alone: rings outward from the village, each tile drawn from its generated neighbours. */
export function generateTerrain(rng: RngState): Grid {
  const grid: Grid = Array.from({ length: WORLD_SIZE }, () => Array<string>(WORLD_SIZE).fill(''));
  grid[VILLAGE.x][VILLAGE.y] = TILE_CHARS.village;
  for (let r = 1; r <= RADIUS; r++) {
    for (let t = 0; t < 8 * r; t++) {
      const [x, y] = ringTile(r, t);
      grid[x][y] = chooseTile(grid, x, y, rng);
    }
  }
  return grid;
}

const clamp = (n: number) => Math.min(WORLD_SIZE - 1, Math.max(0, n));

/** Where one landmark goes: redrawn until it falls on terrain; null if that never happens. */
function placeLandmark(grid: Grid, rng: RngState, min: number, max: number): [number, number] | null {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const r = max > min ? min + Math.floor(nextFloat(rng) * (max - min)) : min;
    let dx = Math.floor(nextFloat(rng) * r);
    let dy = r - dx;
    if (nextFloat(rng) < 0.5) dx = -dx;
    if (nextFloat(rng) < 0.5) dy = -dy;
    const x = clamp(VILLAGE.x + dx);
    const y = clamp(VILLAGE.y + dy);
    if (isTerrainChar(grid[x][y])) return [x, y];
  }
  return null;
}

export interface GenerateOptions {
  /** Carried-over stores from an earlier game: adds the destroyed village (cache). */
  prestige: boolean;
  /** The radius revealed around the village: 2, or 4 with the scout's perk (default 2). */
  radius?: number;
}

/** The map drawn from the game's RNG: terrain rings outward from the village, then the landmarks. */
export function generateWorld(rng: RngState, options: GenerateOptions): WorldMap {
  const grid = generateTerrain(rng);
  const landmarks = options.prestige ? [...LANDMARKS, CACHE] : LANDMARKS;
  for (const { kind, count, min, max } of landmarks) {
    for (let i = 0; i < count; i++) {
      const at = placeLandmark(grid, rng, min, max);
      if (at) grid[at[0]][at[1]] = TILE_CHARS[kind];
    }
  }
  const radius = options.radius ?? 2;
  const seen = grid.map((column, x) =>
    column.map((_, y) => (Math.abs(x - VILLAGE.x) + Math.abs(y - VILLAGE.y) <= radius ? '1' : '0')).join(''),
  );
  return { tiles: grid.map((column) => column.join('')), seen, done: [] };
}

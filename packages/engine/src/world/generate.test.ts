import { describe, expect, it } from 'vitest';
import { createRng, nextFloat } from '../core/rng.ts';
import type { WorldMap } from '../core/state.ts';
import { CACHE, LANDMARKS, generateTerrain, generateWorld, ringTile } from './generate.ts';
import { RADIUS, TILE_CHARS, VILLAGE, WORLD_SIZE, distance, isTerrainChar, tileKind } from './selectors.ts';

const SEEDS = Array.from({ length: 1000 }, (_, i) => i + 1);
const maps = new Map<number, WorldMap>(SEEDS.map((seed) => [seed, generateWorld(createRng(seed), { prestige: false })]));

/** Every tile of `char` on the map. */
function tilesOf(map: WorldMap, char: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  map.tiles.forEach((column, x) => [...column].forEach((c, y) => c === char && out.push([x, y])));
  return out;
}

const ORTHOGONAL = [
  [0, -1],
  [0, 1],
  [1, 0],
  [-1, 0],
] as const;

describe('the ring order', () => {
  it('visits every tile of ring r once, 8r of them, starting at the top-left corner', () => {
    for (const r of [1, 2, 7, RADIUS]) {
      const tiles = Array.from({ length: 8 * r }, (_, t) => ringTile(r, t));
      expect(tiles[0]).toEqual([VILLAGE.x - r, VILLAGE.y - r]);
      expect(new Set(tiles.map(([x, y]) => `${x},${y}`)).size).toBe(8 * r);
      for (const [x, y] of tiles) expect(Math.max(Math.abs(x - VILLAGE.x), Math.abs(y - VILLAGE.y))).toBe(r);
      // Each step moves to an orthogonal neighbour: the ring is walked, not jumped.
      for (let t = 1; t < tiles.length; t++) {
        const [[ax, ay], [bx, by]] = [tiles[t - 1], tiles[t]];
        expect(Math.abs(ax - bx) + Math.abs(ay - by)).toBe(1);
      }
    }
  });

  it('runs top edge left to right, right edge downward, bottom right to left, left edge upward', () => {
    const r = 2;
    expect(Array.from({ length: 16 }, (_, t) => ringTile(r, t).map((n) => n - 30))).toEqual([
      [-2, -2], [-1, -2], [0, -2], [1, -2],
      [2, -2], [2, -1], [2, 0], [2, 1],
      [2, 2], [1, 2], [0, 2], [-1, 2],
      [-2, 2], [-2, 1], [-2, 0], [-2, -1],
    ]);
  });
});

describe('terrain', () => {
  it('fills the 61 × 61 grid with forest, field and barrens around the village', () => {
    const grid = generateTerrain(createRng(5));
    expect(grid).toHaveLength(WORLD_SIZE);
    for (let x = 0; x < WORLD_SIZE; x++) {
      for (let y = 0; y < WORLD_SIZE; y++) {
        if (x === VILLAGE.x && y === VILLAGE.y) expect(grid[x][y]).toBe('A');
        else expect(isTerrainChar(grid[x][y])).toBe(true);
      }
    }
  });

  it('always puts forest on the four tiles beside the village (the ring-1 corners follow the odds)', () => {
    const corners = new Set<string>();
    for (const seed of SEEDS.slice(0, 300)) {
      const grid = generateTerrain(createRng(seed));
      for (const [dx, dy] of ORTHOGONAL) expect(grid[VILLAGE.x + dx][VILLAGE.y + dy]).toBe(';');
      corners.add(grid[VILLAGE.x - 1][VILLAGE.y - 1]);
    }
    expect([...corners].sort()).toEqual([',', '.', ';']);
  });

  it('is sticky: mostly barrens, then field, then forest, in large connected patches', () => {
    const counts: Record<string, number> = { ';': 0, ',': 0, '.': 0 };
    let sameAsNeighbour = 0;
    let pairs = 0;
    for (const seed of SEEDS.slice(0, 100)) {
      const grid = generateTerrain(createRng(seed));
      for (let x = 0; x < WORLD_SIZE; x++) {
        for (let y = 0; y < WORLD_SIZE; y++) {
          if (grid[x][y] === 'A') continue;
          counts[grid[x][y]] += 1;
          if (x + 1 < WORLD_SIZE && grid[x + 1][y] !== 'A') {
            pairs += 1;
            if (grid[x + 1][y] === grid[x][y]) sameAsNeighbour += 1;
          }
        }
      }
    }
    const total = counts[';'] + counts[','] + counts['.'];
    const share = (c: string) => counts[c] / total;
    // Each share is near its base odds but drifts (whole maps can tip one way): the averages over
    // 100 maps stay well inside these bounds, and keep the base odds' order.
    expect(share('.')).toBeGreaterThan(0.3);
    expect(share('.')).toBeLessThan(0.7);
    expect(share(',')).toBeGreaterThan(0.2);
    expect(share(',')).toBeLessThan(0.5);
    expect(share(';')).toBeGreaterThan(0.05);
    expect(share(';')).toBeLessThan(0.3);
    expect(share('.')).toBeGreaterThan(share(','));
    expect(share(',')).toBeGreaterThan(share(';'));
    // Independent draws at these odds would agree 0.15² + 0.35² + 0.5² ≈ 40 % of the time.
    expect(sameAsNeighbour / pairs).toBeGreaterThan(0.6);
  });

  it('draws a tile by sort-and-accumulate: the first tile of ring 1 by the base odds alone', () => {
    // (29, 29) is drawn first and has no generated neighbour: barrens 0.5, field 0.35, forest 0.15,
    // walked in that order. (30, 29) touches the village: forest, with no draw. (31, 29) has one
    // generated neighbour, that forest: forest 0.5 + 0.075, barrens 0.25, field 0.175.
    for (const seed of SEEDS.slice(0, 200)) {
      const rolls = createRng(seed);
      const [u1, u2] = [nextFloat(rolls), nextFloat(rolls)];
      const grid = generateTerrain(createRng(seed));
      expect(grid[29][29]).toBe(u1 < 0.5 ? '.' : u1 < 0.85 ? ',' : ';');
      expect(grid[30][29]).toBe(';');
      expect(grid[31][29]).toBe(u2 < 0.575 ? ';' : u2 < 0.825 ? '.' : ',');
    }
  });
});

describe('a generated world', () => {
  it('is the same for the same seed, and differs between seeds', () => {
    expect(generateWorld(createRng(42), { prestige: false })).toEqual(generateWorld(createRng(42), { prestige: false }));
    expect(generateWorld(createRng(42), { prestige: false }).tiles).not.toEqual(generateWorld(createRng(43), { prestige: false }).tiles);
  });

  it('advances the rng it is given, and only that', () => {
    const rng = createRng(9);
    generateWorld(rng, { prestige: false });
    expect(rng.state).not.toBe(createRng(9).state);
    const again = createRng(9);
    generateWorld(again, { prestige: false });
    expect(again).toEqual(rng);
  });

  it.each(SEEDS.filter((s) => s % 100 === 1))('seed %i has 61 columns of 61 tiles, the village in the middle', (seed) => {
    const map = maps.get(seed)!;
    expect(map.tiles).toHaveLength(WORLD_SIZE);
    for (const column of map.tiles) expect(column).toHaveLength(WORLD_SIZE);
    expect(map.seen).toHaveLength(WORLD_SIZE);
    expect(map.done).toEqual([]);
    expect(tilesOf(map, 'A')).toEqual([[VILLAGE.x, VILLAGE.y]]);
  });

  it('has every landmark, as many as the spec says, for 1,000 seeds: 66 in all, never overlapping', () => {
    for (const seed of SEEDS) {
      const map = maps.get(seed)!;
      let total = 0;
      for (const { kind, count } of LANDMARKS) {
        expect([seed, kind, tilesOf(map, TILE_CHARS[kind]).length]).toEqual([seed, kind, count]);
        total += count;
      }
      expect(tilesOf(map, 'U')).toEqual([]);
      expect(total).toBe(66);
    }
  });

  it('places each landmark within its distance band (clamped to the map edge), for 1,000 seeds', () => {
    const wrong: string[] = [];
    for (const seed of SEEDS) {
      const map = maps.get(seed)!;
      for (const { kind, min, max } of LANDMARKS) {
        for (const [x, y] of tilesOf(map, TILE_CHARS[kind])) {
          const d = distance(x, y);
          // A single radius is exact (all of them are within 30); a range gives min … max − 1, never
          // the village itself (radius 0 is redrawn), and a radius past the edge on one axis is
          // clamped onto it, which only shortens it to 30 or more. dy is never 0, and a clamped y
          // is 0 or 60: no landmark on the village's row.
          const ok = (min === max ? d === min : d >= Math.max(min, 1) && d <= max - 1) && y !== VILLAGE.y;
          if (!ok) wrong.push(`seed ${seed}: ${kind} at ${x},${y} (${d} steps)`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the four tiles beside the village forest unless a house was put there (radius 1)', () => {
    for (const seed of SEEDS) {
      const map = maps.get(seed)!;
      for (const [dx, dy] of ORTHOGONAL) {
        const char = map.tiles[VILLAGE.x + dx][VILLAGE.y + dy];
        expect([';', 'H']).toContain(char);
        if (char === 'H') expect(dx).toBe(0);
      }
    }
  });

  it('puts the mines and the ship exactly 5, 10, 20 and 28 steps away (the battleship too)', () => {
    const map = maps.get(7)!;
    expect(tilesOf(map, 'I').map(([x, y]) => distance(x, y))).toEqual([5]);
    expect(tilesOf(map, 'C').map(([x, y]) => distance(x, y))).toEqual([10]);
    expect(tilesOf(map, 'S').map(([x, y]) => distance(x, y))).toEqual([20]);
    expect(tilesOf(map, 'W').map(([x, y]) => distance(x, y))).toEqual([28]);
    expect(tilesOf(map, 'X').map(([x, y]) => distance(x, y))).toEqual([28]);
  });

  it('shows clamping: the far landmarks pile onto the map edge on some seeds', () => {
    const onEdge = SEEDS.some((seed) =>
      tilesOf(maps.get(seed)!, 'Y').some(([x, y]) => x === 0 || y === 0 || x === WORLD_SIZE - 1 || y === WORLD_SIZE - 1),
    );
    expect(onEdge).toBe(true);
  });

  it('can reach the village from every tile (nothing blocks the way)', () => {
    for (const seed of SEEDS.slice(0, 5)) {
      const map = maps.get(seed)!;
      const seen = new Set([`${VILLAGE.x},${VILLAGE.y}`]);
      const queue: Array<[number, number]> = [[VILLAGE.x, VILLAGE.y]];
      while (queue.length) {
        const [x, y] = queue.pop()!;
        for (const [dx, dy] of ORTHOGONAL) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= WORLD_SIZE || ny >= WORLD_SIZE || seen.has(`${nx},${ny}`)) continue;
          // Every tile is walkable: no tile kind blocks a step.
          if (!tileKind(map.tiles[nx][ny])) continue;
          seen.add(`${nx},${ny}`);
          queue.push([nx, ny]);
        }
      }
      expect(seen.size).toBe(WORLD_SIZE * WORLD_SIZE);
    }
  });

  it('has only known tile letters', () => {
    const known = new Set(Object.values(TILE_CHARS));
    const strange = SEEDS.flatMap((seed) => [...maps.get(seed)!.tiles.join('')].filter((c) => !known.has(c)));
    expect(strange).toEqual([]);
  });

  it('reveals radius 2 around the village, or the radius asked for (4 with the scout)', () => {
    const seenCount = (map: WorldMap) => map.seen.join('').split('').filter((c) => c === '1').length;
    const map = maps.get(3)!;
    // Manhattan radius r covers 2r² + 2r + 1 tiles.
    expect(seenCount(map)).toBe(13);
    for (let x = 0; x < WORLD_SIZE; x++) {
      for (let y = 0; y < WORLD_SIZE; y++) expect(map.seen[x][y] === '1').toBe(distance(x, y) <= 2);
    }
    expect(seenCount(generateWorld(createRng(3), { prestige: false, radius: 4 }))).toBe(41);
  });

  it('adds one destroyed village (the cache) 10 to 44 steps away with prestige, after the others', () => {
    for (const seed of SEEDS.slice(0, 200)) {
      const map = generateWorld(createRng(seed), { prestige: true });
      const caches = tilesOf(map, 'U');
      expect(caches).toHaveLength(1);
      const d = distance(...caches[0]);
      expect(d).toBeGreaterThanOrEqual(CACHE.min);
      expect(d).toBeLessThanOrEqual(CACHE.max - 1);
      // The same draws as without prestige until the cache: the rest of the map is identical.
      const plain = maps.get(seed)!;
      const [cx, cy] = caches[0];
      expect(map.tiles.map((column, x) => (x === cx ? column.slice(0, cy) + plain.tiles[x][cy] + column.slice(cy + 1) : column))).toEqual(
        plain.tiles,
      );
    }
  });

  it('draws the terrain first, then the landmarks, from one rng', () => {
    const rng = createRng(11);
    generateTerrain(rng);
    const afterTerrain = { ...rng };
    nextFloat(rng);
    expect(afterTerrain.state).not.toBe(rng.state);
  });
});

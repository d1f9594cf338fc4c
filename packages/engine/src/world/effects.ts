import type { Ctx } from '../core/context.ts';
import { nextFloat } from '../core/rng.ts';
import type { Expedition, WorldMap } from '../core/state.ts';
import { maxWater } from '../path/capacity.ts';
import { TILE_CHARS, VILLAGE, WORLD_SIZE, distance, isTerrainChar, posKey, tileChar } from './selectors.ts';

/*
 * What landmark scenes do to the world. Each acts on the expedition's own copy of the map (the
 * player's current tile), so it reaches home only on a safe return; `revealAround` is the exception,
 * writing the map kept at home, as the scout's map does.
 *
 * Each is a no-op when nobody is out (a scene opened by a test, say), except `revealAround`.
 */

/** Radius a map reveals around the tile it picks. */
export const MAP_REVEAL_RADIUS = 5;

export function setTile(map: WorldMap, x: number, y: number, char: string): void {
  const column = map.tiles[x];
  map.tiles[x] = column.slice(0, y) + char + column.slice(y + 1);
}

/** Marks every tile within Manhattan `radius` of (x, y) as seen. */
export function reveal(map: WorldMap, x: number, y: number, radius: number): void {
  for (let tx = Math.max(0, x - radius); tx <= Math.min(WORLD_SIZE - 1, x + radius); tx++) {
    const reach = radius - Math.abs(tx - x);
    const from = Math.max(0, y - reach);
    const to = Math.min(WORLD_SIZE - 1, y + reach);
    const column = map.seen[tx];
    if (column.slice(from, to + 1).includes('0')) {
      map.seen[tx] = column.slice(0, from) + '1'.repeat(to - from + 1) + column.slice(to + 1);
    }
  }
}

/** Whether any tile of the map is still unseen. */
export function hasUnseen(map: WorldMap): boolean {
  return map.seen.some((column) => column.includes('0'));
}

const tripOf = (ctx: Ctx): Expedition | null => ctx.state.expedition;

/** The current landmark is done: from now on it is plain ground (the spec's `!` tiles). */
export function markVisited(ctx: Ctx): void {
  const trip = tripOf(ctx);
  if (!trip) return;
  const key = posKey(trip.x, trip.y);
  if (!trip.map.done.includes(key)) trip.map.done.push(key);
}

/** A dungeon (cave, town, city, battleship) cleared: its tile becomes an outpost, joined by a road. */
export function clearDungeon(ctx: Ctx): void {
  const trip = tripOf(ctx);
  if (!trip) return;
  setTile(trip.map, trip.x, trip.y, TILE_CHARS.outpost);
  const key = posKey(trip.x, trip.y);
  trip.map.done = trip.map.done.filter((k) => k !== key);
  drawRoad(ctx);
}

/**
 * The clockwise probe order around a tile (spec 05 §9): the tile itself, then each Manhattan ring
 * d = 1, 2, … from (+1, −(d−1)) round to (0, −d); `count` probes in all.
 */
export function probeOffsets(count: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (count <= 0) return out;
  out.push([0, 0]);
  for (let d = 1; out.length < count; d++) {
    const ring: Array<[number, number]> = [];
    for (let k = 1; k <= d; k++) ring.push([k, -d + k]);
    for (let k = 1; k <= d; k++) ring.push([d - k, k]);
    for (let k = 1; k <= d; k++) ring.push([-k, d - k]);
    for (let k = 1; k <= d; k++) ring.push([-d + k, -k]);
    for (const offset of ring) {
      if (out.length >= count) break;
      out.push(offset);
    }
  }
  return out;
}

/**
 * The road, outpost (not the tile itself) or village nearest to (x, y) by the spec's probe order,
 * keeping off the map's edge rows; the village when nothing turns up within (distance + 2)² probes.
 */
export function findClosestRoad(map: WorldMap, x: number, y: number): { x: number; y: number } {
  const probes = (distance(x, y) + 2) ** 2;
  for (const [ox, oy] of probeOffsets(probes)) {
    const px = x + ox;
    const py = y + oy;
    if (px <= 0 || px >= WORLD_SIZE - 1 || py <= 0 || py >= WORLD_SIZE - 1) continue;
    const char = tileChar(map, px, py);
    if (char === TILE_CHARS.road || char === TILE_CHARS.village || (char === TILE_CHARS.outpost && (ox !== 0 || oy !== 0))) {
      return { x: px, y: py };
    }
  }
  return { ...VILLAGE };
}

/**
 * The road itself: an L from the found tile to one short of (x, y), along the longer axis last.
 * Only terrain turns to road; landmarks on the way stay.
 */
export function drawRoadOn(map: WorldMap, x: number, y: number): void {
  const found = findClosestRoad(map, x, y);
  const xDist = x - found.x;
  const yDist = y - found.y;
  const xDir = Math.sign(xDist);
  const yDir = Math.sign(yDist);
  // |dx| > |dy|: the corner is (found.x, y); otherwise (x, found.y).
  const row = Math.abs(xDist) > Math.abs(yDist) ? y : found.y;
  const column = Math.abs(xDist) > Math.abs(yDist) ? found.x : x;
  const pave = (px: number, py: number) => {
    if (isTerrainChar(tileChar(map, px, py))) setTile(map, px, py, TILE_CHARS.road);
  };
  for (let k = 0; k < Math.abs(xDist); k++) pave(found.x + xDir * k, row);
  for (let k = 0; k < Math.abs(yDist); k++) pave(column, found.y + yDir * k);
}

/** A road from the current tile to the nearest road, outpost or the village (the spec's §9 rule). */
export function drawRoad(ctx: Ctx): void {
  const trip = tripOf(ctx);
  if (!trip) return;
  drawRoadOn(trip.map, trip.x, trip.y);
}

/** Something the trip achieved that takes effect at home (`ironmine`, `coalmine`, `sulphurmine`, `ship`, `executioner`, `cityCleared`…). */
export function setTripFlag(ctx: Ctx, flag: string): void {
  const trip = tripOf(ctx);
  if (trip) trip.flags[flag] = true;
}

/** Water back to the most the player can carry. */
export function refillWater(ctx: Ctx): void {
  const trip = tripOf(ctx);
  if (trip) trip.water = maxWater(ctx.state);
}

/** The outpost under the player is used for the rest of this trip. */
export function useOutpost(ctx: Ctx): void {
  const trip = tripOf(ctx);
  if (!trip) return;
  const key = posKey(trip.x, trip.y);
  if (!trip.usedOutposts.includes(key)) trip.usedOutposts.push(key);
}

/**
 * A map's worth of knowledge: a random unseen tile and everything within 5 of it revealed, at home.
 * Out on a trip the copy being walked learns it too, so it is not undone by the safe return that
 * commits that copy (the decision table: map reveals persist). Nothing happens once all is seen.
 */
export function revealAround(ctx: Ctx): void {
  const home = ctx.state.world;
  if (!home) return;
  const unseen: Array<[number, number]> = [];
  home.seen.forEach((column, x) => {
    for (let y = column.indexOf('0'); y >= 0; y = column.indexOf('0', y + 1)) unseen.push([x, y]);
  });
  if (unseen.length === 0) return;
  const [x, y] = unseen[Math.floor(nextFloat(ctx.state.rng) * unseen.length)];
  reveal(home, x, y, MAP_REVEAL_RADIUS);
  if (ctx.state.expedition) reveal(ctx.state.expedition.map, x, y, MAP_REVEAL_RADIUS);
}

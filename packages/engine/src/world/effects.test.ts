import { describe, expect, it } from 'vitest';
import { apply, check } from '../apply.ts';
import type { Ctx } from '../core/context.ts';
import { createRng } from '../core/rng.ts';
import type { GameState, WorldMap } from '../core/state.ts';
import { opened, pick, quiet } from '../testing/events.ts';
import { ctxAt, mustApply, noticeKeys } from '../testing/play.ts';
import { atPath, flatMap, setOut, withTiles } from '../testing/world.ts';
import {
  clearDungeon,
  drawRoadOn,
  findClosestRoad,
  hasUnseen,
  markVisited,
  probeOffsets,
  refillWater,
  revealAround,
  setTripFlag,
  useOutpost,
} from './effects.ts';
import { generateWorld } from './generate.ts';
import { VILLAGE, WORLD_SIZE, compassDirection, directionOf, isSeen, posKey, tileChar } from './selectors.ts';

const ctxOf = (state: GameState): Ctx => ctxAt(structuredClone(state), state.clock);

/** The roads of a map as offsets from the village, sorted. */
function roads(map: WorldMap): string[] {
  const out: string[] = [];
  map.tiles.forEach((column, x) => [...column].forEach((c, y) => c === '#' && out.push(`${x - VILLAGE.x},${y - VILLAGE.y}`)));
  return out.sort();
}

/** Out on `map` standing at offset (dx, dy) from the village. */
function standingAt(map: WorldMap, dx: number, dy: number): Ctx {
  const state = setOut(atPath({ 'cured meat': 1 }, map), { 'cured meat': 1 });
  state.expedition!.x = VILLAGE.x + dx;
  state.expedition!.y = VILLAGE.y + dy;
  return ctxOf(state);
}

describe('the road search', () => {
  it('probes the tile, then each ring clockwise from (+1, −(d−1)) round to (0, −d)', () => {
    expect(probeOffsets(1 + 4 + 8)).toEqual([
      [0, 0],
      [1, 0], [0, 1], [-1, 0], [0, -1],
      [1, -1], [2, 0], [1, 1], [0, 2], [-1, 1], [-2, 0], [-1, -1], [0, -2],
    ]);
    expect(probeOffsets(3)).toHaveLength(3);
  });

  it('finds the nearest road, outpost or village, first in probe order on a tie', () => {
    const map = withTiles(flatMap(), { '5,0': '#', '0,5': 'P', '-5,0': '#' });
    // From (5, 5): the outpost (0,5) and the road (5,0) are both 5 away; (5,0) is straight north,
    // the last probe of the ring, the outpost straight west comes first.
    expect(findClosestRoad(map, 35, 35)).toEqual({ x: 30, y: 35 });
    expect(findClosestRoad(map, 36, 30)).toEqual({ x: 35, y: 30 });
    expect(findClosestRoad(map, 31, 31)).toEqual({ x: 30, y: 30 });
  });

  it('skips an outpost on the tile itself but not one beside it', () => {
    const map = withTiles(flatMap(), { '8,0': 'P', '9,0': 'P' });
    expect(findClosestRoad(map, 38, 30)).toEqual({ x: 39, y: 30 });
  });

  it('ignores the map\'s edge rows and columns, and gives up on the village after (distance + 2)² probes', () => {
    const map = withTiles(flatMap(), { '-30,-25': '#' });
    // (0, 5) is on the edge column: never found; the village is too far to probe, so it is the answer anyway.
    expect(findClosestRoad(map, 1, 5)).toEqual({ x: 30, y: 30 });
    const near = withTiles(flatMap(), { '-29,-25': '#' });
    expect(findClosestRoad(near, 3, 5)).toEqual({ x: 1, y: 5 });
  });
});

describe('drawing a road', () => {
  it('runs along the found column then the current row when the way is mostly sideways', () => {
    const map = flatMap();
    drawRoadOn(map, 35, 32);
    // From the village (30,30): dx 5 > dy 2, corner (30, 32): column 30 from y 30 (the village,
    // left alone) to 31, then row 32 from x 30 to 34.
    expect(roads(map)).toEqual(['0,1', '0,2', '1,2', '2,2', '3,2', '4,2'].sort());
    expect(tileChar(map, 35, 32)).toBe(',');
  });

  it('runs along the found row then the current column when the way is mostly up or down', () => {
    const map = flatMap();
    drawRoadOn(map, 32, 25);
    // dx 2, dy −5: corner (32, 30): row 30 from x 30 (village) to 31, then column 32 from 30 to 26.
    expect(roads(map)).toEqual(['1,0', '2,0', '2,-1', '2,-2', '2,-3', '2,-4'].sort());
  });

  it('draws a straight line on a shared row or column, and nothing next door', () => {
    const map = flatMap();
    drawRoadOn(map, 30, 26);
    expect(roads(map)).toEqual(['0,-1', '0,-2', '0,-3'].sort());
    const beside = flatMap();
    drawRoadOn(beside, 31, 30);
    expect(roads(beside)).toEqual([]);
  });

  it('joins the nearest road rather than the village, and keeps landmarks it crosses', () => {
    const map = withTiles(flatMap(), { '10,0': '#', '10,3': 'H' });
    drawRoadOn(map, 40, 36);
    // From (40,30): dx 0, dy 6 → corner (40, 30); column 40 from 30 to 35, the house at 33 kept.
    expect(roads(map)).toEqual(['10,0', '10,1', '10,2', '10,4', '10,5'].sort());
    expect(tileChar(map, 40, 33)).toBe('H');
  });
});

describe('landmark effects', () => {
  it('marks the landmark underfoot done, once', () => {
    const ctx = standingAt(withTiles(flatMap(), { '2,1': 'H' }), 2, 1);
    markVisited(ctx);
    markVisited(ctx);
    expect(ctx.state.expedition!.map.done).toEqual([posKey(32, 31)]);
    expect(ctx.state.world!.done).toEqual([]);
  });

  it('clears a dungeon into an outpost with a road home', () => {
    const ctx = standingAt(withTiles(flatMap(), { '0,4': 'V' }), 0, 4);
    markVisited(ctx);
    clearDungeon(ctx);
    const map = ctx.state.expedition!.map;
    expect(tileChar(map, 30, 34)).toBe('P');
    expect(map.done).toEqual([]);
    expect(roads(map)).toEqual(['0,1', '0,2', '0,3']);
    expect(roads(ctx.state.world!)).toEqual([]);
  });

  it('connects a second outpost to the first one rather than the village', () => {
    const ctx = standingAt(withTiles(flatMap(), { '0,4': 'V', '3,4': 'O' }), 0, 4);
    clearDungeon(ctx);
    ctx.state.expedition!.x = 33;
    clearDungeon(ctx);
    expect(roads(ctx.state.expedition!.map)).toEqual(['0,1', '0,2', '0,3', '1,4', '2,4'].sort());
  });

  it('sets trip flags, refills water and uses outposts on the trip only', () => {
    const ctx = standingAt(withTiles(flatMap(), { '1,0': 'P' }), 1, 0);
    ctx.state.stores.cask = 1;
    ctx.state.expedition!.water = 2;
    refillWater(ctx);
    setTripFlag(ctx, 'ship');
    useOutpost(ctx);
    useOutpost(ctx);
    expect(ctx.state.expedition).toMatchObject({ water: 30, flags: { ship: true }, usedOutposts: ['31,30'] });
    expect(ctx.state.flags).toEqual({});
  });

  it('does nothing at home (no trip to act on)', () => {
    const ctx = ctxOf(atPath());
    for (const effect of [markVisited, clearDungeon, refillWater, useOutpost]) effect(ctx);
    setTripFlag(ctx, 'ship');
    expect(ctx.state).toEqual(atPath());
  });
});

describe('a map\'s reveal', () => {
  it('reveals a Manhattan radius of 5 around an unseen tile on the map at home', () => {
    const ctx = ctxOf(atPath());
    revealAround(ctx);
    const seen = ctx.state.world!.seen.join('').split('').filter((c) => c === '1').length;
    // 61 tiles unless it fell near an edge.
    expect(seen).toBeGreaterThan(20);
    expect(seen).toBeLessThanOrEqual(61);
  });

  it('reveals on the trip map too, so a safe return does not undo it; a death keeps it at home', () => {
    const ctx = standingAt(flatMap(), 0, 0);
    revealAround(ctx);
    const home = ctx.state.world!.seen;
    const trip = ctx.state.expedition!.map.seen;
    for (let x = 0; x < WORLD_SIZE; x++) for (let y = 0; y < WORLD_SIZE; y++) if (home[x][y] === '1') expect(trip[x][y]).toBe('1');
  });

  it('does nothing once everything is seen', () => {
    const state = atPath();
    state.world!.seen = state.world!.seen.map((c) => '1'.repeat(c.length));
    const ctx = ctxOf(state);
    revealAround(ctx);
    expect(ctx.state).toEqual(state);
    expect(hasUnseen(state.world!)).toBe(false);
  });
});

describe('the scout\'s map', () => {
  const withScout = (state: GameState) => opened({ ...state, location: 'room' }, 'scout').state;

  it('is sold for 200 fur and 10 scales while some of the map is unseen, and reveals part of it', () => {
    const state = withScout(atPath({ fur: 500, scales: 50 }));
    const { state: after } = pick(state, 'buy_map');
    expect(after.stores).toMatchObject({ fur: 300, scales: 40 });
    const count = (s: GameState) => s.world!.seen.join('').split('').filter((c) => c === '1').length;
    expect(count(after)).toBeGreaterThan(count(state));
  });

  it('is not sold once the whole map is known, nor before there is one', () => {
    const all = atPath({ fur: 500, scales: 50 });
    all.world!.seen = all.world!.seen.map((c) => '1'.repeat(c.length));
    expect(check(withScout(all), { type: 'event_choose', button: 'buy_map' })?.code).toBe('action/unavailable');
    const none = quiet({ fur: 500, scales: 50 });
    none.features.path = true;
    expect(check(opened(none, 'scout').state, { type: 'event_choose', button: 'buy_map' })?.code).toBe('action/unavailable');
  });
});

describe('the compass', () => {
  it.each([
    [10, 0, 'east'],
    [-10, 4, 'west'],
    [10, 5, 'southeast'],
    [0, -3, 'north'],
    [2, 5, 'south'],
    [-3, -3, 'northwest'],
    [-6, 3, 'southwest'],
    [4, -8, 'northeast'],
    [3, -7, 'north'],
  ])('points (%i, %i) %s', (dx, dy, direction) => {
    expect(directionOf(dx, dy)).toBe(direction);
  });

  it('points at the first crashed ship found scanning columns then rows', () => {
    const map = withTiles(flatMap(), { '5,-20': 'W', '20,5': 'W' });
    expect(compassDirection(map)).toBe('north');
  });

  it('opens the world when the compass is bought: the map is drawn and the needle speaks', () => {
    const state = quiet({ fur: 1000, scales: 100, teeth: 100 });
    state.outside.buildings['trading post'] = 1;
    const { state: after, events } = mustApply(state, { type: 'buy', item: 'compass' }, 0);
    expect(after.features.path).toBe(true);
    expect(after.world).not.toBeNull();
    const keys = noticeKeys(events);
    expect(keys.slice(-2)).toEqual(['notice.path.opened', `notice.world.compass.${compassDirection(after.world!)}`]);
    // Drawn from the game's RNG at that moment: the same as drawing it by hand from there.
    const rng = structuredClone(state.rng);
    expect(after.world).toEqual(generateWorld(rng, { prestige: false }));
  });

  it('opens the world however the compass came (an event gift), once', () => {
    const state = quiet({ compass: 1, wood: 1 });
    state.features.outside = true;
    const result = apply(state, { type: 'travel', to: 'outside' }, 0);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.features.path).toBe(true);
    expect(result.state.world).not.toBeNull();
    const again = mustApply(result.state, { type: 'travel', to: 'room' }, 0);
    expect(again.state.world).toEqual(result.state.world);
    expect(noticeKeys(again.events)).toEqual([]);
  });

  it('reveals 4 around the village when the scout\'s perk came first', () => {
    const state = quiet({ compass: 1 });
    state.character.perks.scout = true;
    const { state: after } = mustApply(state, { type: 'travel', to: 'room' }, 0);
    expect(isSeen(after.world!, 34, 30)).toBe(true);
    expect(isSeen(after.world!, 35, 30)).toBe(false);
  });

  it('generates the same world for the same game', () => {
    const a = generateWorld(createRng(3), { prestige: false });
    expect(compassDirection(a)).toBe(compassDirection(generateWorld(createRng(3), { prestige: false })));
  });
});

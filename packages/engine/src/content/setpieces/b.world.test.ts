/**
 * The town and the city on a real map, with the world's own effects: stepping on the tile opens the
 * setpiece, an end scene turns the tile into an outpost joined by a road, and the city's
 * `cityCleared` reaches the village's lasting flags only when the wanderer gets home alive
 * (the decision table: "cleared only on a safe return, like every landmark").
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../core/context.ts';
import type { GameState } from '../../core/state.ts';
import type { EventScene } from '../../events/types.ts';
import { eventCtx } from '../../events/engine.ts';
import { die } from '../../world/home.ts';
import { VILLAGE, tileChar } from '../../world/selectors.ts';
import { atPath, flatMap, setOut, walk, withTiles } from '../../testing/world.ts';
import { city } from './city.ts';
import { town } from './town.ts';

const NORTH3 = ['north', 'north', 'north'] as const;
const SOUTH3 = ['south', 'south', 'south'] as const;

/** Out on a trip, standing on a `char` landmark three steps north of the village. */
function onLandmark(char: string): GameState {
  const out = setOut(atPath({ 'cured meat': 10 }, withTiles(flatMap(), { '0,-3': char })), { 'cured meat': 10 });
  return walk(out, NORTH3).state;
}

/** Runs `scene`'s on-load hook as the event engine would, then closes the event. */
function reach(state: GameState, scene: EventScene): GameState {
  const next = structuredClone(state);
  const ctx: Ctx = { state: next, now: next.clock, events: [] };
  scene.onLoad!(eventCtx(ctx));
  next.event = null;
  return next;
}

const at = (state: GameState, dy: number, map = state.expedition!.map) => tileChar(map, VILLAGE.x, VILLAGE.y + dy);

describe.each([
  ['town', 'O', town],
  ['city', 'Y', city],
] as const)('%s on the map', (id, char, event) => {
  it('opens when stepped on', () => {
    const state = onLandmark(char);
    expect(state.event?.id).toBe(id);
    expect(state.event?.scene).toBe('start');
  });

  it.each(Object.keys(event.scenes).filter((s) => s.startsWith('end')))('%s: clears the tile into an outpost on a road', (scene) => {
    const cleared = reach(onLandmark(char), event.scenes[scene]);
    expect(at(cleared, -3)).toBe('P');
    expect([at(cleared, -2), at(cleared, -1)]).toEqual(['#', '#']);
    expect(cleared.expedition!.flags.cityCleared === true).toBe(id === 'city');
  });

  it('keeps the clearing, and for the city its flag, only on a safe return', () => {
    const cleared = reach(onLandmark(char), event.scenes.end1);
    expect(cleared.flags.cityCleared).toBeUndefined();

    const home = walk(cleared, SOUTH3).state;
    expect(home.expedition).toBeNull();
    expect(at(home, -3, home.world!)).toBe('P');
    expect(home.flags.cityCleared === true).toBe(id === 'city');

    const dead = structuredClone(cleared);
    die({ state: dead, now: dead.clock, events: [] }, 'combat');
    expect(at(dead, -3, dead.world!)).toBe(char);
    expect(dead.flags.cityCleared).toBeUndefined();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newGame, type GameState, type Surrounding, type WorldMap } from '@smoulder/engine';
import { attr, fakeGame, renderView, tagsWith, textOf } from '../../testing/render.ts';
import WorldView from './WorldView.vue';

// The wasteland's selectors are being built beside this view: pin what they say here.
const pinned = vi.hoisted(() => ({ around: [] as Surrounding[] }));
vi.mock('@smoulder/engine', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@smoulder/engine')>()),
  surroundings: () => pinned.around,
  maxHealth: () => 25,
  maxWater: () => 20,
  bagCapacity: () => 20,
  loadWeight: (bag: Record<string, number>) => Object.values(bag).reduce((a, b) => a + b, 0),
}));

function map(): WorldMap {
  const tiles = Array.from({ length: 61 }, (_, x) =>
    Array.from({ length: 61 }, (_, y) => (x === 30 && y === 30 ? 'A' : x === 31 && y === 28 ? 'M' : x === 29 && y === 29 ? 'H' : ';')).join(''),
  );
  const seen = Array.from({ length: 61 }, (_, x) =>
    Array.from({ length: 61 }, (_, y) => (Math.abs(x - 31) + Math.abs(y - 30) <= 2 ? '1' : '0')).join(''),
  );
  return { tiles, seen, done: ['29,29'] };
}

function outThere(): GameState {
  const state = newGame(1);
  state.location = 'world';
  state.stores.rucksack = 1;
  state.expedition = {
    map: map(),
    x: 31,
    y: 30,
    hp: 7,
    water: 12,
    bag: { 'cured meat': 5, torch: 2, fur: 0 },
    foodSteps: 0,
    waterSteps: 0,
    starving: false,
    thirsty: false,
    usedOutposts: [],
    fightSteps: 0,
    flags: {},
    danger: 0,
  };
  return state;
}

describe('WorldView', () => {
  beforeEach(() => {
    pinned.around = [
      { kind: 'swamp', steps: 2, direction: 'north', done: false },
      { kind: 'village', steps: 1, direction: 'west', done: false },
    ];
  });

  it('draws a window of the map around the player, with fog and landmarks', async () => {
    const html = await renderView(WorldView, fakeGame(outThere()).game);
    expect(attr(html, 'data-player-x')).toBe('31');
    expect(attr(html, 'data-player-y')).toBe('30');
    // A 31-wide window, centred on the player: x 16…46, y 15…45.
    expect(attr(html, 'data-left')).toBe('16');
    expect(attr(html, 'data-top')).toBe('15');
    expect(tagsWith(html, 'data-x')).toHaveLength(31 * 31);
    expect(html).toMatch(/class="cell-player"[^>]*>@</);
    expect(html).toMatch(/class="cell-landmark"[^>]*data-x="31" data-y="28"[^>]*>M</);
    // (29, 29) is done but out of sight (3 steps from the player): fog, not a dimmed letter.
    expect(html).toMatch(/class="cell-fog"[^>]*data-x="29" data-y="29"[^>]*> </);
    expect(tagsWith(html, 'class="cell-fog"').length).toBe(31 * 31 - 13);
  });

  it('keeps the supplies in view: health, water, meat and the bag', async () => {
    const html = await renderView(WorldView, fakeGame(outThere()).game);
    const text = textOf(html);
    expect(text).toContain('health 7/25');
    expect(text).toContain('water 12/20');
    expect(text).toContain('meat 5');
    expect(text).toContain('rucksack free 13/20');
    expect(tagsWith(html, 'data-bag-item').map((t) => attr(t, 'data-bag-item'))).toEqual(['cured meat', 'torch']);
    expect(text).toContain('1 step from the fire');
  });

  it('offers a pad of four named buttons', async () => {
    const html = await renderView(WorldView, fakeGame(outThere()).game);
    const pad = tagsWith(html, 'data-move');
    expect(pad.map((t) => [attr(t, 'data-move'), attr(t, 'aria-label')])).toEqual([
      ['north', 'walk north'],
      ['west', 'walk west'],
      ['east', 'walk east'],
      ['south', 'walk south'],
    ]);
    expect(pad.some((t) => /\sdisabled/.test(t))).toBe(false);
  });

  it('tells the surroundings in words, in a polite live region, in English and Polish', async () => {
    const { game } = fakeGame(outThere());
    const live = (html: string) => /<p[^>]*aria-live="polite"[^>]*data-surroundings[^>]*>([^<]*)</.exec(html)?.[1];
    expect(live(await renderView(WorldView, game))).toBe('around you: the village, 1 step west; a swamp, 2 steps north.');
    expect(live(await renderView(WorldView, game, { locale: 'pl' }))).toBe(
      'wokół ciebie: wioska, 1 krok na zachód; bagno, 2 kroki na północ.',
    );
  });

  it('locks the pad while an event holds the screen', async () => {
    const state = outThere();
    state.event = { id: 'nomad', scene: 'start' };
    const pad = tagsWith(await renderView(WorldView, fakeGame(state).game), 'data-move');
    expect(pad.every((t) => /\sdisabled/.test(t))).toBe(true);
  });
});

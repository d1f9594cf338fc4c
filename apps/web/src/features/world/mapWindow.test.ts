import { describe, expect, it } from 'vitest';
import type { WorldMap } from '@smoulder/engine';
import { cellKind, mapWindow, windowStart, windowText } from './mapWindow.ts';

/** A 61 × 61 map of barrens with a few things placed, everything within `seen` of (cx, cy) revealed. */
function craftedMap(things: Record<string, string>, reveal: { x: number; y: number; r: number }): WorldMap {
  const tiles = Array.from({ length: 61 }, (_, x) =>
    Array.from({ length: 61 }, (_, y) => things[`${x},${y}`] ?? (x === 30 && y === 30 ? 'A' : '.')).join(''),
  );
  const seen = Array.from({ length: 61 }, (_, x) =>
    Array.from({ length: 61 }, (_, y) => (Math.abs(x - reveal.x) + Math.abs(y - reveal.y) <= reveal.r ? '1' : '0')).join(''),
  );
  return { tiles, seen, done: [] };
}

describe('windowStart', () => {
  it('centres on the player and stays inside the map', () => {
    expect(windowStart(30, 31)).toBe(15);
    expect(windowStart(0, 31)).toBe(0);
    expect(windowStart(3, 21)).toBe(0);
    expect(windowStart(60, 31)).toBe(30);
    expect(windowStart(50, 21)).toBe(40);
    expect(windowStart(10, 61)).toBe(0);
    expect(windowStart(10, 100)).toBe(0);
  });
});

describe('mapWindow', () => {
  it('draws the player, the village, landmarks and fog around them', () => {
    const map = craftedMap({ '31,29': 'H', '30,28': 'M', '33,30': 'V' }, { x: 30, y: 30, r: 2 });
    const view = mapWindow(map, { x: 31, y: 30 }, 5);
    expect(view).toMatchObject({ left: 29, top: 28, size: 5 });
    expect(windowText(view)).toEqual([
      ' M   ', // y 28, x 29…33: only (30,28) is within 2 of the village
      '..H  ', // y 29
      '.A@. ', // y 30: the player at (31,30); (33,30), the cave, is still in the fog
      '...  ',
      ' .   ',
    ]);
    const kinds = view.rows[2].map((c) => c.kind);
    expect(kinds).toEqual(['terrain', 'village', 'player', 'terrain', 'fog']);
    expect(view.rows[0][1]).toMatchObject({ x: 30, y: 28, char: 'M', kind: 'landmark' });
    expect(view.rows[1][2]).toMatchObject({ x: 31, y: 29, char: 'H', kind: 'landmark', spent: false });
  });

  it('dims landmarks that are done and outposts used on this trip, never terrain', () => {
    const map = { ...craftedMap({ '31,29': 'H', '29,29': 'P' }, { x: 30, y: 30, r: 3 }), done: ['31,29', '30,31'] };
    const view = mapWindow(map, { x: 30, y: 30 }, 3, ['29,29']);
    expect(view.rows[0].map((c) => [c.char, c.spent])).toEqual([
      ['P', true],
      ['.', false],
      ['H', true],
    ]);
    expect(view.rows[2][1]).toMatchObject({ char: '.', spent: false });
  });

  it('keeps the window on the map at its edges, and shows the whole map when asked', () => {
    const map = craftedMap({}, { x: 0, y: 0, r: 1 });
    const corner = mapWindow(map, { x: 0, y: 0 }, 3);
    expect(corner).toMatchObject({ left: 0, top: 0 });
    expect(windowText(corner)).toEqual(['@. ', '.  ', '   ']);
    const whole = mapWindow(map, { x: 30, y: 30 }, 61);
    expect(whole.rows).toHaveLength(61);
    expect(whole.rows.every((row) => row.length === 61)).toBe(true);
    // Unseen everywhere except the corner: the player's own tile is always drawn.
    expect(whole.rows[30][30].kind).toBe('player');
    expect(whole.rows.flat().filter((c) => c.kind !== 'fog')).toHaveLength(4);
  });

  it('tells tiles apart by their letters', () => {
    expect([';', ',', '.', '#', 'A', 'P', 'Y', 'X'].map(cellKind)).toEqual([
      'terrain',
      'terrain',
      'terrain',
      'road',
      'village',
      'landmark',
      'landmark',
      'landmark',
    ]);
  });
});

/**
 * The part of the map drawn around the player: a square window, centred on the player and kept
 * inside the map, with fog over what has not been seen, '@' for the player, and completed
 * landmarks (and outposts used on this trip) marked so they can be dimmed.
 */
import { WORLD_SIZE, type WorldMap } from '@smoulder/engine';

export type CellKind = 'fog' | 'player' | 'village' | 'terrain' | 'road' | 'landmark';

export interface MapCell {
  x: number;
  y: number;
  /** What is drawn: a space in the fog. */
  char: string;
  kind: CellKind;
  /** A landmark already done (or an outpost used this trip): drawn dimmed. */
  spent: boolean;
}

export interface MapWindow {
  left: number;
  top: number;
  size: number;
  /** Rows from north to south, each west to east. */
  rows: MapCell[][];
}

const TERRAIN = new Set([';', ',', '.']);

export function cellKind(char: string): Exclude<CellKind, 'fog' | 'player'> {
  if (char === 'A') return 'village';
  if (char === '#') return 'road';
  if (TERRAIN.has(char) || char === '') return 'terrain';
  return 'landmark';
}

/** The first index of a `size`-wide window centred on `at`, kept within [0, total). */
export function windowStart(at: number, size: number, total: number = WORLD_SIZE): number {
  if (size >= total) return 0;
  return Math.min(Math.max(at - Math.floor(size / 2), 0), total - size);
}

export function mapWindow(
  map: WorldMap,
  player: { x: number; y: number },
  size: number,
  usedOutposts: readonly string[] = [],
): MapWindow {
  const width = Math.min(size, WORLD_SIZE);
  const left = windowStart(player.x, width);
  const top = windowStart(player.y, width);
  const done = new Set([...map.done, ...usedOutposts]);
  const rows: MapCell[][] = [];
  for (let y = top; y < top + width; y++) {
    const row: MapCell[] = [];
    for (let x = left; x < left + width; x++) {
      const char = map.tiles[x]?.[y] ?? '';
      if (x === player.x && y === player.y) {
        row.push({ x, y, char: '@', kind: 'player', spent: false });
      } else if (map.seen[x]?.[y] !== '1') {
        row.push({ x, y, char: ' ', kind: 'fog', spent: false });
      } else {
        const kind = cellKind(char);
        row.push({ x, y, char: char || ' ', kind, spent: kind === 'landmark' && done.has(`${x},${y}`) });
      }
    }
    rows.push(row);
  }
  return { left, top, size: width, rows };
}

/** A window's rows as plain text, for tests and debugging. */
export function windowText(window: MapWindow): string[] {
  return window.rows.map((row) => row.map((c) => c.char).join(''));
}

import { describe, expect, it } from 'vitest';
import { newGame } from '@smoulder/engine';
import { standingBuildings } from './selectors.ts';

describe('standingBuildings', () => {
  it('lists what stands, in build-list order, unknown ids last', () => {
    const state = newGame(1);
    expect(standingBuildings(state)).toEqual([]);
    state.outside.buildings = { hut: 2, cart: 1, trap: 3, lodge: 0 };
    expect(standingBuildings(state)).toEqual([
      { building: 'trap', count: 3 },
      { building: 'cart', count: 1 },
      { building: 'hut', count: 2 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { newGame, storeRows } from '@smoulder/engine';
import { STORE_ORDER, orderStoreRows } from './selectors.ts';

describe('orderStoreRows', () => {
  it('lists wood, then trap catches, then what the jobs make, whatever order the save has', () => {
    const state = newGame(1);
    // As Postgres returns a jsonb object: shorter keys first.
    state.stores = { fur: 170, bait: 1, meat: 85, wood: 1965, teeth: 4, scales: 6, leather: 2 };
    expect(orderStoreRows(storeRows(state)).map((r) => r.resource)).toEqual([
      'wood',
      'fur',
      'meat',
      'scales',
      'teeth',
      'bait',
      'leather',
    ]);
  });

  it('puts ids it does not know last, by name', () => {
    const rows = ['zinc', 'torch', 'amber', 'wood'].map((resource) => ({ resource }));
    expect(orderStoreRows(rows).map((r) => r.resource)).toEqual(['wood', 'torch', 'amber', 'zinc']);
  });

  it('names every id once', () => {
    expect(new Set(STORE_ORDER).size).toBe(STORE_ORDER.length);
    expect(STORE_ORDER.slice(0, 3)).toEqual(['wood', 'fur', 'meat']);
  });
});

import { describe, expect, it } from 'vitest';
import { cloneState } from './clone.ts';
import { newGame } from './state.ts';

describe('cloneState', () => {
  it('copies a game state deeply: equal, and no object shared', () => {
    const state = { ...newGame(5), stores: { wood: 3 }, payouts: [{ id: 'a', dueAt: 1, reward: { fur: 2 }, notice: 'n' }] };
    const copy = cloneState(state);
    expect(copy).toStrictEqual(state);
    copy.stores.wood = 9;
    copy.payouts[0].reward = { fur: 7 };
    copy.timers.event = -1;
    expect(state.stores.wood).toBe(3);
    expect(state.payouts[0].reward).toEqual({ fur: 2 });
    expect(state.timers.event).not.toBe(-1);
  });

  it('keeps null, booleans, strings and nested arrays as they are', () => {
    const value = { a: null, b: [true, ['x', 1.5]], c: { d: [] as unknown[] } };
    expect(cloneState(value)).toStrictEqual(value);
  });

  it('copies a `__proto__` key as data and leaves the prototype alone', () => {
    const parsed = JSON.parse('{"stores":{"__proto__":{"polluted":1},"wood":1}}');
    const copy = cloneState(parsed);
    expect(Object.getPrototypeOf(copy.stores)).toBe(Object.prototype);
    expect(Object.keys(copy.stores)).toEqual(['__proto__', 'wood']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(parsed));
  });
});

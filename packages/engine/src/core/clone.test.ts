import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cloneState, shareUnchanged } from './clone.ts';
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

describe('shareUnchanged', () => {
  const village = () => ({ ...newGame(5), stores: { wood: 3, fur: 1 }, payouts: [{ id: 'a', dueAt: 1, reward: { fur: 2 }, notice: 'n' }] });

  it('hands back the state it started from when nothing changed', () => {
    const before = village();
    expect(shareUnchanged(before, cloneState(before))).toBe(before);
  });

  it('shares every untouched part and copies only the path to a change', () => {
    const before = village();
    const after = cloneState(before);
    after.stores.wood = 4;
    const shared = shareUnchanged(before, after);
    expect(shared).toStrictEqual(after);
    expect(shared).not.toBe(before);
    expect(shared.stores).not.toBe(before.stores);
    expect(shared.timers).toBe(before.timers);
    expect(shared.payouts).toBe(before.payouts);
    expect(shared.room).toBe(before.room);
    expect(before.stores.wood).toBe(3);
  });

  it('tells added, removed and retyped parts apart from equal ones', () => {
    const before = { a: { x: 1 }, b: [1, 2, 3], c: { y: [1] }, d: { z: 1 } as Record<string, number>, e: [{ k: 1 }] };
    const after = { a: { x: 1 }, b: [1, 2], c: { y: { 0: 1 } as unknown as number[] }, d: { z: 1, w: 2 }, e: [{ k: 1 }, { k: 2 }] };
    const shared = shareUnchanged(before, structuredClone(after));
    expect(shared).toStrictEqual(after);
    expect(shared.a).toBe(before.a);
    expect(shared.b).not.toBe(before.b);
    expect(shared.c.y).not.toBe(before.c.y);
    expect(shared.d).not.toBe(before.d);
    expect(shared.e).not.toBe(before.e);
    expect(shared.e[0]).toBe(before.e[0]);
    expect(shareUnchanged({ a: { z: 1, w: 2 } }, { a: { z: 1 } }).a).toEqual({ z: 1 });
  });

  it('keeps a `__proto__` key as data', () => {
    const before = JSON.parse('{"stores":{"__proto__":{"polluted":1},"wood":1}}');
    const shared = shareUnchanged(before, cloneState(before));
    expect(JSON.stringify(shared)).toBe(JSON.stringify(before));
    expect(Object.getPrototypeOf(shared.stores)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('for any two JSON values: the result equals the second and shares only equal parts of the first', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(json, json, fc.boolean(), (a, b, mutateCopy) => {
        // Either two unrelated values or a value and a changed copy of it (many equal parts).
        const before = a;
        const after = mutateCopy ? mutate(cloneState(a), b) : cloneState(b);
        const expected = JSON.stringify(after);
        const frozenBefore = JSON.stringify(before);
        const shared = shareUnchanged(before, after);
        expect(JSON.stringify(shared)).toBe(expected);
        expect(JSON.stringify(before)).toBe(frozenBefore);
        if (frozenBefore === expected && typeof before === 'object' && before !== null) expect(shared).toBe(before);
        // A part taken from the old value sits where it sat there.
        const oldPaths = pathsOf(before);
        for (const [part, path] of pathsOf(shared)) {
          if (oldPaths.has(part)) expect(oldPaths.get(part)).toBe(path);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** Puts `value` somewhere inside `target` (or returns it in place of a non-object). */
function mutate(target: unknown, value: unknown): unknown {
  if (typeof target !== 'object' || target === null) return value;
  const keys = Object.keys(target);
  if (keys.length === 0) return value;
  const key = keys[keys.length - 1];
  const record = target as Record<string, unknown>;
  if (key === '__proto__') return value;
  record[key] = mutate(record[key], value);
  return target;
}

function pathsOf(value: unknown, path = '', out = new Map<object, string>()): Map<object, string> {
  if (typeof value !== 'object' || value === null) return out;
  out.set(value, path);
  for (const [key, item] of Object.entries(value)) pathsOf(item, `${path}/${key}`, out);
  return out;
}

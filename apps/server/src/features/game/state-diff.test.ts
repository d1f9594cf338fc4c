import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fastJsonPatch from 'fast-json-patch';
import { advance, apply, newGame, shareUnchanged } from '@smoulder/engine';
import { diffStates } from './state-diff.ts';

const noProto = <T>(arb: fc.Arbitrary<T>) => arb.filter((v) => !JSON.stringify(v).includes('"__proto__"'));
const patched = (before: unknown, ops: unknown[]) =>
  fastJsonPatch.applyPatch(structuredClone(before), ops as never, true, false).newDocument;

describe('diffStates', () => {
  it('turns any JSON tree into any other, as a client applying the patch sees it', () => {
    fc.assert(
      // A game state never holds `__proto__`, which the applying library refuses to touch.
      fc.property(noProto(fc.jsonValue()), noProto(fc.jsonValue()), (a, b) => {
        // As JSON crosses the wire: -0 arrives as 0.
        const [before, after] = [a, b].map((v) => JSON.parse(JSON.stringify(v)));
        expect(patched(before, diffStates(before, after))).toEqual(after);
      }),
      { numRuns: 2000 },
    );
  });

  it('turns a tree into a variation of itself, keys with ~ and / included', () => {
    const key = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('~', '/', '~1', 'a/b', '~0~')).filter((k) => k !== '__proto__');
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(key, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(tree, tree, (before, after) => {
        expect(patched(before, diffStates(before, after))).toEqual(after);
      }),
      { numRuns: 2000 },
    );
  });

  it('never looks inside a subtree both sides share', () => {
    const untouchable = new Proxy({}, { get: () => { throw new Error('looked inside'); }, ownKeys: () => { throw new Error('looked inside'); } });
    expect(diffStates({ a: 1, shared: untouchable }, { a: 2, shared: untouchable })).toEqual([{ op: 'replace', path: '/a', value: 2 }]);
  });

  it('names in a game what fast-json-patch names, no more', () => {
    const lit = apply(newGame(3), { type: 'light_fire' }, 0);
    if (!lit.ok) throw new Error('could not light the fire');
    const before = lit.state;
    const after = shareUnchanged(before, advance(before, 6 * 60_000).state);
    const ops = diffStates(before, after);
    expect(ops.length).toBeGreaterThan(2);
    expect(new Set(ops.map((op) => op.path))).toEqual(new Set(fastJsonPatch.compare(before, after).map((op) => op.path)));
    expect(patched(before, ops)).toEqual(after);
    expect(diffStates(after, after)).toEqual([]);
  });
});

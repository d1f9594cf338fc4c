import { describe, expect, it } from 'vitest';
import { newGame } from '@smoulder/engine';
import { canonicalJson, exportFile, maxDepth, readImport, stateChecksum } from './save-file.ts';

describe('the save file', () => {
  it('canonical JSON sorts keys at every level, so key order never changes the checksum', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(stateChecksum({ a: 1, b: 2 })).toBe(stateChecksum({ b: 2, a: 1 }));
    expect(stateChecksum({ a: 1 })).not.toBe(stateChecksum({ a: 2 }));
    expect(stateChecksum({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads back what it exported, unchanged', () => {
    const state = { ...newGame(8), clock: 4242, stores: { wood: 12, fur: 3 } };
    const text = JSON.stringify(exportFile(state, new Date('2026-12-03T12:00:00Z')));
    const read = readImport(text);
    expect(read).toEqual({ ok: true, state, fromVersion: state.version });
  });

  it('counts nesting on the text, ignoring brackets inside strings', () => {
    expect(maxDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(maxDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(maxDepth('{"a":"\\"[[["}')).toBe(1);
    expect(maxDepth('['.repeat(100_000))).toBe(100_000);
  });

  it('refuses deep nesting before parsing it', () => {
    const read = readImport(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(read).toMatchObject({ ok: false, code: 'import/invalid' });
  });

  it('refuses prototype keys wherever they are', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(readImport(`{"format":"smoulder-save","x":{"y":{"${key}":1}}}`)).toMatchObject({ ok: false, code: 'import/invalid' });
    }
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The engine must replay identically on server and client: time and chance come only through the
 * state, and it loads nothing but itself.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const FILES = sourceFiles(SRC).map((path) => ({ path, name: relative(SRC, path), text: readFileSync(path, 'utf8') }));
const FORBIDDEN = ['Date.now', 'new Date', 'Math.random', 'setTimeout', 'setInterval', 'performance.now'];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

describe('engine sources', () => {
  it('are found', () => {
    expect(FILES.map((f) => f.name)).toContain('advance.ts');
  });

  it.each(FILES.map((f) => [f.name, f] as const))('%s reads no clock, no chance, no timer', (_, file) => {
    expect(FORBIDDEN.filter((word) => file.text.includes(word))).toEqual([]);
  });

  it.each(FILES.map((f) => [f.name, f] as const))('%s imports only files of the engine', (_, file) => {
    const specifiers = [...file.text.matchAll(SPECIFIER)].map((m) => m[1]);
    for (const specifier of specifiers) {
      expect(specifier, specifier).toMatch(/^\.\.?\//);
      const target = resolve(dirname(file.path), specifier);
      expect(relative(SRC, target).startsWith('..'), specifier).toBe(false);
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { readWebBuild } from './web-build.ts';

const dirs: string[] = [];
function dist(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smoulder-dist-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}
function log() {
  return { warn: vi.fn() } as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('readWebBuild', () => {
  it('reads the id the web build wrote beside its index.html', () => {
    expect(readWebBuild(dist({ 'build.json': '{"id":"3f9a0c1d2e4b"}' }), log())).toBe('3f9a0c1d2e4b');
  });

  it('has none for a build without the file, quietly', () => {
    const l = log();
    expect(readWebBuild(dist({ 'index.html': '<!doctype html>' }), l)).toBeUndefined();
    expect(l.warn).not.toHaveBeenCalled();
  });

  it('has none for a file it cannot trust, and says so', () => {
    for (const text of ['not json', '{"id":""}', '{"id":42}', `{"id":"${'x'.repeat(65)}"}`]) {
      const l = log();
      expect(readWebBuild(dist({ 'build.json': text }), l)).toBeUndefined();
      expect(l.warn).toHaveBeenCalledOnce();
    }
  });
});

import { describe, expect, it, vi } from 'vitest';
import { checkBuild, judgeBuild, type BuildEnv } from './build-check.ts';

function env(own: string | undefined, stored: Record<string, string> | null = {}) {
  const storage = stored && {
    getItem: (key: string) => stored[key] ?? null,
    setItem: (key: string, value: string) => void (stored[key] = value),
  };
  return { own, storage, reload: vi.fn<() => void>() } satisfies BuildEnv;
}

describe('judgeBuild', () => {
  it('has nothing to compare under the dev server or a server without a web build', () => {
    expect(judgeBuild('', 'b2', null)).toBe('same');
    expect(judgeBuild(undefined, 'b2', null)).toBe('same');
    expect(judgeBuild('b1', undefined, null)).toBe('same');
    expect(judgeBuild('b1', 'b1', 'b1')).toBe('same');
  });

  it('reloads for a build it has not reloaded for yet; once it has, the page is stale', () => {
    expect(judgeBuild('b1', 'b2', null)).toBe('reload');
    expect(judgeBuild('b1', 'b3', 'b2')).toBe('reload');
    expect(judgeBuild('b1', 'b2', 'b2')).toBe('stale');
  });
});

describe('checkBuild', () => {
  it('reloads once for a new build, then reports the page stale rather than reload again', () => {
    const stored: Record<string, string> = {};
    const first = env('b1', stored);
    expect(checkBuild('b2', first)).toBe(false);
    expect(first.reload).toHaveBeenCalledOnce();
    // The page came back still on b1 (a cache served the old one).
    const second = env('b1', stored);
    expect(checkBuild('b2', second)).toBe(true);
    expect(second.reload).not.toHaveBeenCalled();
    // A later update is worth another try.
    expect(checkBuild('b3', second)).toBe(false);
    expect(second.reload).toHaveBeenCalledOnce();
  });

  it('does nothing when the builds agree', () => {
    const same = env('b1');
    expect(checkBuild('b1', same)).toBe(false);
    expect(checkBuild(undefined, same)).toBe(false);
    expect(same.reload).not.toHaveBeenCalled();
  });

  it('never reloads by itself without storage to remember it tried, and says the page is stale', () => {
    const bare = env('b1', null);
    expect(checkBuild('b2', bare)).toBe(true);
    expect(bare.reload).not.toHaveBeenCalled();
    const full = { own: 'b1', reload: vi.fn<() => void>(), storage: { getItem: () => null, setItem: () => { throw new Error('quota'); } } } satisfies BuildEnv;
    expect(checkBuild('b2', full)).toBe(true);
    expect(full.reload).not.toHaveBeenCalled();
  });
});

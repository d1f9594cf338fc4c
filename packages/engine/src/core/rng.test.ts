import { describe, expect, it } from 'vitest';
import { createRng, nextFloat } from './rng.ts';

const draw = (rng: ReturnType<typeof createRng>, n: number) => Array.from({ length: n }, () => nextFloat(rng));

describe('rng', () => {
  it('is mulberry32: the published first draws for seeds 1 and 42', () => {
    expect(draw(createRng(1), 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    expect(draw(createRng(42), 3)).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  });

  it('keeps its seed and its whole state as 32-bit integers', () => {
    const rng = createRng(2 ** 32 + 7);
    expect(rng).toEqual({ seed: 7, state: 7 });
    nextFloat(rng);
    expect(rng).toEqual({ seed: 7, state: (7 + 0x6d2b79f5) | 0 });
  });

  it('resumes the same sequence from a JSON copy of its state', () => {
    const rng = createRng(99);
    draw(rng, 5);
    const copy = JSON.parse(JSON.stringify(rng));
    expect(draw(copy, 10)).toEqual(draw(rng, 10));
  });

  it('stays within [0, 1)', () => {
    const values = draw(createRng(-123_456), 100_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });

  it('differs between seeds', () => {
    expect(draw(createRng(1), 5)).not.toEqual(draw(createRng(2), 5));
  });
});

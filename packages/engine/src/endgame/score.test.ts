import { describe, expect, it } from 'vitest';
import { createRng, nextFloat } from '../core/rng.ts';
import { carryOver, drawDivisor } from './prestige.ts';
import { SCORE_ITEMS, score, scoreBreakdown } from './score.ts';

/* The score and the prestige's divisors (spec core/08 §2–3), against sums worked by hand. */

describe('the score', () => {
  it('tracks the 24 items of the table in its order with their factors', () => {
    expect(SCORE_ITEMS.map((s) => `${s.item} ${s.factor}`)).toEqual([
      'wood 1', 'fur 1.5', 'meat 1', 'iron 2', 'coal 2', 'sulphur 3', 'steel 3', 'cured meat 2', 'scales 2', 'teeth 2',
      'leather 2', 'bait 1.5', 'torch 1', 'cloth 1', 'bone spear 10', 'iron sword 30', 'steel sword 50', 'bayonet 100',
      'rifle 150', 'laser rifle 150', 'bullets 3', 'energy cell 3', 'grenade 5', 'bolas 4',
    ]);
  });

  it('nothing scores nothing', () => {
    expect(score({}, 0)).toBe(0);
  });

  it('a worked case: every kind of factor, floored stores and a floored sum', () => {
    // wood 100 → 100; fur 10.7 → 10 × 1.5 = 15; bait 3 × 1.5 = 4.5; rifle 2 × 150 = 300;
    // bullets 7 × 3 = 21; alien alloy 4 × 10 = 40; fleet beacon 500; hull 3 × 50 = 150.
    // 100 + 15 + 4.5 + 300 + 21 + 40 + 500 + 150 = 1 130.5 → 1 130.
    const stores = { wood: 100, fur: 10.7, bait: 3, rifle: 2, bullets: 7, 'alien alloy': 4, 'fleet beacon': 1 };
    expect(score(stores, 3)).toBe(1130);
    expect(scoreBreakdown(stores, 3).lines.map((l) => [l.item, l.count, l.points])).toEqual([
      ['wood', 100, 100],
      ['fur', 10, 15],
      ['bait', 3, 4.5],
      ['rifle', 2, 300],
      ['bullets', 7, 21],
      ['alien alloy', 4, 40],
      ['fleet beacon', 1, 500],
      ['hull', 3, 150],
    ]);
  });

  it('halves floor only at the end: fur 1 + bait 1 = 3, fur 1 alone = 1', () => {
    expect(score({ fur: 1, bait: 1 }, 0)).toBe(3);
    expect(score({ fur: 1 }, 0)).toBe(1);
    expect(score({ fur: 3 }, 0)).toBe(4);
  });

  it('a late-game stockpile: every item once, the weapons heavy', () => {
    const once = Object.fromEntries(SCORE_ITEMS.map((s) => [s.item, 1]));
    // goods 1+1.5+1+2+2+3+3+2+2+2+2+1.5+1+1 = 25; weapons 10+30+50+100+150+150 = 490; ammo 3+3+5+4 = 15.
    expect(score(once, 0)).toBe(530);
    expect(score({ ...once, 'alien alloy': 2, 'fleet beacon': 1 }, 10)).toBe(530 + 20 + 500 + 500);
  });

  it('untracked stores count for nothing: the compass, charms, upgrades, medicine', () => {
    expect(score({ compass: 1, charm: 9, convoy: 1, medicine: 40, 'iron sword': 1 }, 0)).toBe(30);
  });
});

function frequencies(category: 'goods' | 'weapons' | 'ammo', n: number): Map<number, number> {
  const rng = createRng(12345);
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const d = drawDivisor(rng, category);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return counts;
}

describe('the prestige divisors (seeded)', () => {
  const N = 100_000;
  const share = (counts: Map<number, number>, d: number) => (counts.get(d) ?? 0) / N;

  it('goods: 1 at 20 %, each of 2–9 at 10 %', () => {
    const counts = frequencies('goods', N);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(share(counts, 1)).toBeCloseTo(0.2, 1);
    for (let d = 2; d <= 9; d++) expect(Math.abs(share(counts, d) - 0.1)).toBeLessThan(0.01);
  });

  it('weapons: 1 at 40 %, 2, 3 and 4 at 20 % each', () => {
    const counts = frequencies('weapons', N);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(Math.abs(share(counts, 1) - 0.4)).toBeLessThan(0.01);
    for (const d of [2, 3, 4]) expect(Math.abs(share(counts, d) - 0.2)).toBeLessThan(0.01);
  });

  it('ammo: 1 to 100, skewed low (mean about 28, nearly half at most 20)', () => {
    const counts = frequencies('ammo', N);
    const values = [...counts.keys()];
    expect(Math.min(...values)).toBe(1);
    expect(Math.max(...values)).toBeLessThanOrEqual(100);
    expect(Math.max(...values)).toBeGreaterThan(90);
    const mean = [...counts].reduce((sum, [d, c]) => sum + d * c, 0) / N;
    // E[ceil(U × 10k)] with k uniform on 1…10 is 5 × 5.5 + 0.5 = 28.
    expect(Math.abs(mean - 28)).toBeLessThan(0.5);
    const low = [...counts].filter(([d]) => d <= 20).reduce((sum, [, c]) => sum + c, 0) / N;
    expect(low).toBeGreaterThan(0.45);
  });

  it('the carry-over divides each of the 24 stores by its own draw, in table order, from the game RNG', () => {
    const stores = { wood: 1000, rifle: 9, bullets: 500, 'alien alloy': 40, compass: 1 };
    const rng = createRng(99);
    const out = carryOver(rng, stores);
    expect(Object.keys(out)).toEqual(SCORE_ITEMS.map((s) => s.item));
    // The same draws by hand: goods one each (0–13), weapons one each (14–19), ammo two each (20–23).
    const replay = createRng(99);
    const draws = SCORE_ITEMS.map(({ category }) => {
      if (category === 'goods') return Math.max(1, Math.floor(nextFloat(replay) * 10));
      if (category === 'weapons') return Math.max(1, Math.floor(Math.floor(nextFloat(replay) * 10) / 2));
      const u = nextFloat(replay);
      return Math.max(1, Math.ceil(u * 10 * Math.ceil(nextFloat(replay) * 10)));
    });
    expect(rng).toEqual(replay);
    expect(out.wood).toBe(Math.floor(1000 / draws[0]));
    expect(out.rifle).toBe(Math.floor(9 / draws[18]));
    expect(out.bullets).toBe(Math.floor(500 / draws[20]));
    expect(out.fur).toBe(0);
    expect(out).not.toHaveProperty('alien alloy');
    expect(out).not.toHaveProperty('compass');
  });
});

import { describe, expect, it } from 'vitest';
import { SHADE_MAX, milestoneKey, retentionMatrix, retentionShade, timelineByGame, withShares } from './selectors.ts';

describe('admin selectors', () => {
  it('names milestones from the catalog', () => {
    expect(milestoneKey('fire_lit')).toBe('admin.milestone.fire_lit');
  });

  it('adds each row its share of all players', () => {
    expect(withShares([{ milestone: 'a', players: 3 }, { milestone: 'b', players: 1 }])).toEqual([
      { milestone: 'a', players: 3, share: 0.75 },
      { milestone: 'b', players: 1, share: 0.25 },
    ]);
    expect(withShares([{ players: 0 }])).toEqual([{ players: 0, share: 0 }]);
    expect(withShares([])).toEqual([]);
  });

  it("splits a player's milestones by game, keeping their order", () => {
    const m = (milestone: string, gameId: string) => ({ milestone, gameId });
    expect(timelineByGame([m('fire_lit', 'g1'), m('fire_lit', 'g2'), m('first_hut', 'g1'), m('first_trap', 'g2')])).toEqual([
      { gameId: 'g1', milestones: [m('fire_lit', 'g1'), m('first_hut', 'g1')] },
      { gameId: 'g2', milestones: [m('fire_lit', 'g2'), m('first_trap', 'g2')] },
    ]);
    expect(timelineByGame([])).toEqual([]);
  });

  it('squares up the retention matrix, padding young cohorts', () => {
    const matrix = retentionMatrix({
      cohorts: [
        { week: '2026-11-09', size: 10, weeks: [1, 0.5, 0.2] },
        { week: '2026-11-16', size: 4, weeks: [1, 0.25] },
        { week: '2026-11-23', size: 0, weeks: [] },
      ],
    });
    expect(matrix.weeks).toEqual([0, 1, 2]);
    expect(matrix.rows.map((r) => r.cells)).toEqual([
      [1, 0.5, 0.2],
      [1, 0.25, null],
      [null, null, null],
    ]);
    expect(retentionMatrix({ cohorts: [] })).toEqual({ weeks: [], rows: [] });
  });
});

describe('retention shading', () => {
  const percent = (share: number | null) => {
    const color = retentionShade(share).backgroundColor;
    return color === undefined ? 0 : Number(/(\d+)%/.exec(color)![1]);
  };

  it('tints by value, in the theme colour, up to a ceiling that keeps the text readable', () => {
    expect(retentionShade(1)).toEqual({ backgroundColor: `color-mix(in srgb, var(--ember) ${SHADE_MAX}%, transparent)` });
    expect(percent(0.5)).toBe(SHADE_MAX / 2);
    expect(percent(2)).toBe(SHADE_MAX);
  });

  it('never darkens as the share falls', () => {
    const shares = Array.from({ length: 101 }, (_, i) => i / 100);
    const tints = shares.map(percent);
    for (let i = 1; i < tints.length; i++) expect(tints[i]).toBeGreaterThanOrEqual(tints[i - 1]);
    expect(new Set(tints).size).toBeLessThanOrEqual(SHADE_MAX / 2 + 1);
  });

  it('leaves empty, zero and nonsense cells plain', () => {
    for (const value of [0, -0.2, null, undefined, Number.NaN, 0.01]) expect(retentionShade(value)).toEqual({});
  });
});

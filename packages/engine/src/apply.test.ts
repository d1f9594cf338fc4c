import { describe, expect, it } from 'vitest';
import { advance } from './advance.ts';
import { apply, check } from './apply.ts';
import type { Command } from './core/commands.ts';
import { newGame } from './core/state.ts';
import { GATHER, LIGHT, STOKE, milestoneIds, mustApply, noticeKeys } from './testing/play.ts';

const lit = () => mustApply(newGame(1), LIGHT, 0).state;
const unknown = { ok: false, error: { code: 'command/unknown', key: 'error.command.unknown' } };

describe('apply', () => {
  it('advances to now before running the command, and reports both', () => {
    const { state, events } = mustApply(lit(), GATHER, 45_000);
    expect(state.clock).toBe(45_000);
    expect(state.stores.wood).toBe(14);
    const keys = noticeKeys(events);
    expect(keys.indexOf('notice.forest.wind')).toBeLessThan(keys.indexOf('notice.gather.done'));
    expect(milestoneIds(events)).toContain('forest_opened');
  });

  it('does not touch the state it is given', () => {
    const state = lit();
    const snapshot = structuredClone(state);
    mustApply(state, STOKE, 10_000);
    expect(state).toEqual(snapshot);
  });

  it('returns only the error when it refuses', () => {
    const result = apply(lit(), STOKE, 5_000);
    expect(Object.keys(result).sort()).toEqual(['error', 'ok']);
  });

  it('starts the cooldown at now', () => {
    expect(mustApply(lit(), GATHER, 45_250).state.cooldowns).toEqual({ gather: 105_250 });
  });

  it('forgets cooldowns that have ended', () => {
    const state = lit();
    expect(state.cooldowns).toEqual({ fire: 10_000 });
    expect(mustApply(state, GATHER, 45_000).state.cooldowns).toEqual({ gather: 105_000 });
  });

  it('runs the command at the saved clock when now lies in its past', () => {
    const later = advance(lit(), 50_000).state;
    expect(mustApply(later, GATHER, 40_000).state.cooldowns).toEqual({ gather: 110_000 });
  });

  it.each([
    ['an unknown type', { type: 'dance' }],
    ['a type named like an object property', { type: 'constructor' }],
    ['an unknown building', { type: 'build', building: 'castle' }],
    ['a build without a building', { type: 'build' }],
    ['no command at all', null],
  ])('refuses %s as command/unknown', (_, command) => {
    expect(apply(lit(), command as unknown as Command, 10_000)).toEqual(unknown);
  });
});

describe('check', () => {
  it('is null for what apply would accept', () => {
    expect(check(lit(), STOKE, 10_000)).toBeNull();
  });

  it('rounds the seconds left up', () => {
    const gathered = mustApply(lit(), GATHER, 45_000).state;
    expect(check(gathered, GATHER, 45_001)).toMatchObject({ params: { seconds: 60 } });
    expect(check(gathered, GATHER, 104_001)).toMatchObject({ params: { seconds: 1 } });
  });

  it('judges a later now on the state as it will be then', () => {
    // Lit at 0, the forest opens at 45 s: gathering is possible from then, not before.
    expect(check(lit(), GATHER, 44_999)).toMatchObject({ code: 'action/unavailable' });
    expect(check(lit(), GATHER, 45_000)).toBeNull();
  });
});

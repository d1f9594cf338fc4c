import { describe, expect, it } from 'vitest';
import { advance, apply, newGame, nextDueAt, type GameState } from '@smoulder/engine';
import { msUntilNextTimer, runTimers } from './prediction.ts';

function litRoom(): GameState {
  const result = apply(newGame(7), { type: 'light_fire' }, 0);
  if (!result.ok) throw new Error('could not light the fire');
  return result.state;
}

describe('runTimers', () => {
  it('shows the game as the server has it: the same timers run on the same state', () => {
    const base = litRoom();
    const at = nextDueAt(base)! + 90_000;
    const shown = runTimers(base, null, at);
    expect(shown).toEqual(advance(base, at).state);
    expect(shown.clock).toBeGreaterThan(base.clock);
    expect(base.clock).toBe(0);
  });

  it('leaves the state alone until a timer falls due', () => {
    const base = litRoom();
    expect(runTimers(base, null, nextDueAt(base)! - 1)).toBe(base);
  });

  it('takes what it showed further while the base is the same, and starts over from a new one', () => {
    const base = litRoom();
    const first = nextDueAt(base)!;
    const shown = runTimers(base, null, first);
    expect(runTimers(base, { from: base, state: shown }, first)).toBe(shown);
    const later = runTimers(base, { from: base, state: shown }, first + 60_000);
    expect(later).toEqual(advance(base, first + 60_000).state);
    const other = litRoom();
    expect(runTimers(other, { from: base, state: later }, first)).toEqual(advance(other, first).state);
  });
});

describe('msUntilNextTimer', () => {
  const state = litRoom();
  const due = nextDueAt(state)!;

  it('counts local ms to the next due-time at the clock rate', () => {
    expect(msUntilNextTimer(state, { gameNow: 0, rate: 1, receivedAt: 100 }, 100)).toBe(due);
    expect(msUntilNextTimer(state, { gameNow: 0, rate: 2, receivedAt: 100 }, 100)).toBe(due / 2);
    expect(msUntilNextTimer(state, { gameNow: 0, rate: 1, receivedAt: 100 }, 100 + due + 50)).toBe(0);
  });

  it('is null with no clock or a stopped one', () => {
    expect(msUntilNextTimer(state, null, 0)).toBeNull();
    expect(msUntilNextTimer(state, { gameNow: 0, rate: 0, receivedAt: 0 }, 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { advance, nextDueAt, nextWakeAt } from './advance.ts';
import { newGame, type GameState } from './core/state.ts';
import { helpingBuilder, LIGHT, mustApply, noticeKeys } from './testing/play.ts';

const lit = () => mustApply(newGame(1), LIGHT, 0).state;

describe('nextDueAt', () => {
  it('is the first temperature step in a new game', () => {
    expect(nextDueAt(newGame(1))).toBe(30_000);
  });

  it('is the earliest of every timer and income source', () => {
    const open = advance(lit(), 45_000).state;
    expect(open.income.gatherer).toBe(46_000);
    expect(nextDueAt(open)).toBe(46_000);
  });
});

describe('nextWakeAt', () => {
  // The builder gathers from 151 s on; the temperature steps every 30 s and the fire cools at 5 min.
  const village = () => advance(helpingBuilder(1), 160_000).state;
  const FAR = 1e12;
  const incomeOnly = (state: GameState): GameState => ({
    ...state,
    timers: { fireCool: null, temperature: FAR, builder: null, forest: null, population: null, event: FAR },
  });

  it('equals nextDueAt with no quiet time', () => {
    const state = village();
    expect(nextWakeAt(state, 0)).toBe(nextDueAt(state));
  });

  it('lets an income tick wait until the quiet time has passed', () => {
    const state = incomeOnly(village());
    expect(nextDueAt(state)).toBe(Math.min(...Object.values(state.income)));
    expect(nextWakeAt(state, 10_000)).toBe(state.clock + 10_000);
  });

  it('never defers a timer that is not income', () => {
    const state = village();
    const soon = state.clock + 2_500;
    const timed = { ...state, timers: { ...state.timers, temperature: soon } };
    expect(nextWakeAt(timed, 10_000)).toBe(soon);
  });

  it('keeps an income tick that is already further off than the quiet time', () => {
    const state = incomeOnly(village());
    const income = Object.fromEntries(Object.keys(state.income).map((k) => [k, state.clock + 25_000]));
    expect(nextWakeAt({ ...state, income }, 10_000)).toBe(state.clock + 25_000);
  });

  it('is null once the game has ended', () => {
    const ended = advance(lit(), 1_000).state;
    expect(nextWakeAt({ ...ended, ending: {} as GameState['ending'] }, 10_000)).toBeNull();
  });

  it('waking only when it says ends in the same game as waking at every due-time', () => {
    // A host that wakes late still advances through every missed tick at its own time.
    const start = village();
    const end = start.clock + 600_000;
    let woken = start;
    for (;;) {
      const at = nextWakeAt(woken, 10_000);
      if (at === null || at > end) break;
      woken = advance(woken, at).state;
    }
    woken = advance(woken, end).state;
    expect(woken).toEqual(advance(start, end).state);
  });
});

describe('advance', () => {
  it('sets the clock to now', () => {
    expect(advance(newGame(1), 12_345).state.clock).toBe(12_345);
  });

  it('never runs time backward', () => {
    const later = advance(lit(), 100_000).state;
    const { state, events } = advance(later, 50_000);
    expect(state).toEqual(later);
    expect(events).toEqual([]);
  });

  it('does not touch the state it is given', () => {
    const state = lit();
    const snapshot = structuredClone(state);
    advance(state, 1_000_000);
    expect(state).toEqual(snapshot);
  });

  it('runs a timer due exactly at now', () => {
    expect(advance(newGame(1), 30_000).state.timers.temperature).toBe(60_000);
  });

  it('runs everything that falls due in one long step, each at its own time', () => {
    // Forest at 45 s (wood 4); builder income from 151 s; the fire cools to flickering at 5 min and
    // the builder stokes it back at 10 and 15 min.
    const { state, events } = advance(lit(), 1_000_000);
    const ticks = (991_000 - 151_000) / 10_000 + 1;
    expect(state.stores.wood).toBe(4 + 2 * ticks - 2);
    expect(state.room).toEqual({ fire: 2, temperature: 2, builder: 4 });
    const { event, ...timers } = state.timers;
    expect(timers).toEqual({ fireCool: 1_200_000, temperature: 1_020_000, builder: null, forest: null, population: null });
    // The event roll keeps running: each roll sets the next 1.5–5 min on, so it is never overdue
    // and never more than 5 min away (an event opened here stays open: nobody answers it).
    expect(event).toBeGreaterThan(1_000_000);
    expect(event).toBeLessThanOrEqual(1_000_000 + 300_000);
    expect(state.income).toEqual({ gatherer: 1_006_000, builder: 1_001_000 });
    expect(noticeKeys(events).filter((k) => k === 'notice.builder.stokes')).toHaveLength(2);
  });

  it('runs income before the timers that fall due at the same moment', () => {
    // A source due at 30 s pays before the 30 s temperature step announces anything.
    const state = { ...newGame(1), income: { builder: 30_000 }, stores: { wood: 0 }, room: { fire: 4 as const, temperature: 0 as const, builder: -1 as const } };
    const { state: after, events } = advance(state, 30_000);
    expect(after.stores.wood).toBe(2);
    expect(noticeKeys(events)).toEqual(['notice.temperature.cold']);
  });
});

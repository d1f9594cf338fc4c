/**
 * The random-event scheduler (01 §6, events 01 §3.1, §9): the roll every 3–5 min, half that when
 * nothing could happen, an open event holding the game, and promised payouts.
 *
 * The pool grows with the event content, so every test that needs "nothing available" or "only
 * the thief" first asserts that the state it built is so.
 */
import { describe, expect, it } from 'vitest';
import { advance, nextDueAt } from './advance.ts';
import { apply, check } from './apply.ts';
import type { Command } from './core/commands.ts';
import { createRng } from './core/rng.ts';
import { newGame, type GameState } from './core/state.ts';
import { availableEvents, eventCtx } from './events/engine.ts';
import { ctxAt, milestoneIds, mustApply, noticeKeys, openingGame } from './testing/play.ts';

const MIN = 60_000;
const ids = (state: GameState) => availableEvents(state).map((e) => e.id);

/** A state at `clock` whose roll is due then; nothing can happen there (asserted). */
function nothingAvailable(clock: number, seed = 1, location: GameState['location'] = 'room'): GameState {
  const state: GameState = {
    ...openingGame(seed),
    rng: createRng(seed),
    clock,
    location,
    stores: { wood: 0, fur: 0 },
    features: { outside: true, path: false, fabricator: false, ship: false },
  };
  state.timers.event = clock;
  expect(ids(state)).toEqual([]);
  return state;
}

/** The same, but with thieves about: the thief is the only event that can happen (asserted). */
function onlyTheThief(clock: number, seed = 1): GameState {
  const state = nothingAvailable(clock, seed, 'outside');
  state.thieves = { state: 1, stolen: {} };
  expect(ids(state)).toEqual(['thief']);
  return state;
}

describe('the first roll', () => {
  it('is 3, 4 or 5 whole minutes into a new game, each about a third of the time', () => {
    const counts: Record<number, number> = {};
    const n = 3_000;
    for (let seed = 1; seed <= n; seed++) {
      const at = newGame(seed).timers.event / MIN;
      counts[at] = (counts[at] ?? 0) + 1;
    }
    expect(Object.keys(counts).map(Number).sort((a, b) => a - b)).toEqual([3, 4, 5]);
    for (const minutes of [3, 4, 5]) expect(counts[minutes] / n).toBeCloseTo(1 / 3, 1);
  });

  it('is a due-time in the state, so it survives a save', () => {
    const state = newGame(5);
    expect(nextDueAt({ ...state, timers: { ...state.timers, temperature: 1e12 } })).toBe(state.timers.event);
    expect(JSON.parse(JSON.stringify(state)).timers.event).toBe(state.timers.event);
  });
});

describe('a roll with nothing available', () => {
  it('opens nothing and looks again 1.5, 2 or 2.5 min later', () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 300; seed++) {
      const { state, events } = advance(nothingAvailable(10 * MIN, seed), 10 * MIN);
      expect(state.event).toBeNull();
      expect(events).toEqual([]);
      seen.add(state.timers.event - 10 * MIN);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([1.5 * MIN, 2 * MIN, 2.5 * MIN]);
  });

  it('keeps looking at half scale, from the village as from the room', () => {
    let state = nothingAvailable(10 * MIN, 3, 'outside');
    for (let i = 0; i < 10; i++) {
      const at = state.timers.event;
      state = advance(state, at).state;
      expect([1.5 * MIN, 2 * MIN, 2.5 * MIN]).toContain(state.timers.event - at);
    }
  });
});

describe('a roll with something available', () => {
  it('opens it at its start scene, announces it, and rolls again 3–5 min later', () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 200; seed++) {
      const { state, events } = advance(onlyTheThief(10 * MIN, seed), 10 * MIN);
      expect(state.event).toEqual({ id: 'thief', scene: 'start' });
      expect(noticeKeys(events)).toContain('event.thief.title');
      seen.add(state.timers.event - 10 * MIN);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([3 * MIN, 4 * MIN, 5 * MIN]);
  });

  it('records the first event as a milestone, once', () => {
    const { state, events } = advance(onlyTheThief(10 * MIN), 10 * MIN);
    expect(milestoneIds(events)).toEqual(['first_event']);
    expect(state.milestones.first_event).toBe(10 * MIN);
    const closed = mustApply(mustApply(state, { type: 'event_choose', button: 'spare' }, 10 * MIN).state, { type: 'event_choose', button: 'leave' }, 10 * MIN).state;
    const again = { ...closed, thieves: { state: 1 as const, stolen: {} }, timers: { ...closed.timers, event: 11 * MIN } };
    expect(milestoneIds(advance(again, 11 * MIN).events)).toEqual([]);
  });

  it('with an event already open, starts nothing and rolls again 3–5 min later', () => {
    const open = advance(onlyTheThief(10 * MIN), 10 * MIN).state;
    const nextRoll = open.timers.event;
    const { state, events } = advance(open, nextRoll);
    expect(state.event).toEqual({ id: 'thief', scene: 'start' });
    expect(noticeKeys(events)).not.toContain('event.thief.title');
    expect([3 * MIN, 4 * MIN, 5 * MIN]).toContain(state.timers.event - nextRoll);
  });
});

describe('while an event is open', () => {
  const open = () => {
    const state = advance(onlyTheThief(10 * MIN), 10 * MIN).state;
    return { ...state, stores: { wood: 1_000, fur: 1_000, meat: 100 }, outside: { buildings: { trap: 1, lodge: 1, hut: 2, 'trading post': 1 }, population: 5, workers: { hunter: 1, trapper: 0 } }, room: { fire: 3, temperature: 3, builder: 4 } } as GameState;
  };

  it.each<[string, Command]>([
    ['light', { type: 'light_fire' }],
    ['stoke', { type: 'stoke_fire' }],
    ['gather', { type: 'gather_wood' }],
    ['check traps', { type: 'check_traps' }],
    ['build', { type: 'build', building: 'hut' }],
    ['craft', { type: 'craft', item: 'torch' }],
    ['buy', { type: 'buy', item: 'compass' }],
    ['assign', { type: 'assign', job: 'hunter', delta: 1 }],
    ['travel', { type: 'travel', to: 'room' }],
  ])('refuses to %s with event/open, changing nothing', (_, command) => {
    const state = open();
    const snapshot = structuredClone(state);
    expect(apply(state, command, state.clock)).toEqual({ ok: false, error: { code: 'event/open', key: 'error.event.open' } });
    expect(check(state, command)).toEqual({ code: 'event/open', key: 'error.event.open' });
    expect(state).toEqual(snapshot);
  });

  it('accepts a choice and an option', () => {
    const state = open();
    expect(apply(state, { type: 'event_choose', button: 'hang' }, state.clock).ok).toBe(true);
    expect(apply(state, { type: 'set_option', option: 'lightsOff', value: true }, state.clock).ok).toBe(true);
  });

  it('refuses a button the scene does not have', () => {
    const state = open();
    expect(apply(state, { type: 'event_choose', button: 'leave' }, state.clock)).toMatchObject({
      ok: false,
      error: { code: 'action/unavailable' },
    });
  });

  it('lets time run on: income still comes', () => {
    const state = open();
    const later = advance({ ...state, income: { hunter: state.clock + 1_000 } }, state.clock + 1_000).state;
    expect(later.stores.fur).toBe(1_000.5);
    expect(later.event).toEqual({ id: 'thief', scene: 'start' });
  });

  it('and frees the game once closed', () => {
    const hanged = mustApply(open(), { type: 'event_choose', button: 'hang' }, 10 * MIN).state;
    const closed = mustApply(hanged, { type: 'event_choose', button: 'leave' }, 10 * MIN).state;
    expect(closed.event).toBeNull();
    expect(apply(closed, { type: 'travel', to: 'room' }, 10 * MIN).ok).toBe(true);
  });

  it('a choice with no event open is refused as event/not_open', () => {
    expect(apply(openingGame(), { type: 'event_choose', button: 'hang' }, 0)).toEqual({
      ok: false,
      error: { code: 'event/not_open', key: 'error.event.not_open' },
    });
  });
});

describe('promised payouts (events 01 §9: kept in the save, paid at their time)', () => {
  /** A quiet state at 100 s with two promises made: 300 wood in 60 s, 20 fur in 30 s. */
  function promised(): GameState {
    const quiet = advance(openingGame(), 100_000).state;
    const ctx = ctxAt({ ...quiet, stores: { wood: 0 } }, 100_000);
    const events = eventCtx(ctx);
    events.promise('wanderer_wood', 60_000, { wood: 300 }, 'event.wanderer_wood.payout');
    events.promise('wanderer_fur', 30_000, { fur: 20 }, 'event.wanderer_fur.payout');
    return ctx.state;
  }

  it('are stored with their due-time, reward and notice', () => {
    expect(promised().payouts).toEqual([
      { id: 'wanderer_wood', dueAt: 160_000, reward: { wood: 300 }, notice: 'event.wanderer_wood.payout' },
      { id: 'wanderer_fur', dueAt: 130_000, reward: { fur: 20 }, notice: 'event.wanderer_fur.payout' },
    ]);
    const state = promised();
    expect(nextDueAt({ ...state, timers: { ...state.timers, temperature: 1e12 } })).toBe(130_000);
  });

  it('are paid exactly at their due-time, each once, with their notice', () => {
    const state = promised();
    expect(advance(state, 129_999).state.stores).toEqual({ wood: 0 });
    const fur = advance(state, 130_000);
    expect(fur.state.stores).toEqual({ wood: 0, fur: 20 });
    expect(fur.state.payouts.map((p) => p.id)).toEqual(['wanderer_wood']);
    expect(noticeKeys(fur.events)).toContain('event.wanderer_fur.payout');
    const both = advance(state, 160_000);
    expect(both.state.stores).toEqual({ wood: 300, fur: 20 });
    expect(both.state.payouts).toEqual([]);
    expect(noticeKeys(both.events).filter((k) => k.endsWith('.payout'))).toEqual(['event.wanderer_fur.payout', 'event.wanderer_wood.payout']);
    expect(advance(both.state, 1_000_000).state.stores).toEqual({ wood: 300, fur: 20 });
  });

  it.each([100_000, 120_000, 129_999, 130_000, 159_999])('survive a JSON save and reload at %i ms', (cut) => {
    const straight = advance(promised(), 200_000);
    const first = advance(promised(), cut);
    const reloaded = JSON.parse(JSON.stringify(first.state)) as GameState;
    const second = advance(reloaded, 200_000);
    expect(second.state).toEqual(straight.state);
    expect([...first.events, ...second.events]).toEqual(straight.events);
  });

  it('are paid even while an event is open', () => {
    const state: GameState = { ...promised(), event: { id: 'thief', scene: 'start' } };
    expect(advance(state, 160_000).state.stores).toEqual({ wood: 300, fur: 20 });
  });
});

/**
 * Thieves (03 §8, events 04 G1, decision "count only resources"): drawn once the path is open by a
 * hoard of one resource over 5 000; every 10 s they take 10 wood, 5 fur and 5 meat, what there is;
 * the thief event ends them for good, with the goods back or the stealthy perk.
 */
import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { apply } from '../apply.ts';
import { incomeRates } from '../core/income.ts';
import type { GameState } from '../core/state.ts';
import { availableEvents } from '../events/engine.ts';
import { eventView } from '../selectors.ts';
import { ctxAt, milestoneIds, mustApply, noticeKeys, openingGame } from '../testing/play.ts';
import { endThieves } from './thieves.ts';

const T0 = 100_000;

/** A quiet game at T0 (no other income, no event roll) with `stores`, the path open or not. */
function hoard(stores: Record<string, number>, path = true): GameState {
  const state = openingGame();
  return { ...state, clock: T0, stores: { ...stores }, features: { outside: true, path, fabricator: false, ship: false } };
}

/** One second on: long enough for the watch to run after a step, too short for a theft. */
const aMoment = (state: GameState) => advance(state, state.clock + 1).state;
const start = (state: GameState): GameState => {
  const after = aMoment(state);
  expect(after.thieves.state).toBe(1);
  return after;
};

describe('the thieves come', () => {
  it('once the path is open and one resource passes 5 000', () => {
    const { state, events } = advance(hoard({ wood: 5_001 }), T0 + 1);
    expect(state.thieves).toEqual({ state: 1, stolen: {} });
    expect(state.income.thieves).toBe(T0 + 1_000);
    expect(noticeKeys(events)).toContain('notice.thieves.begin');
    expect(milestoneIds(events)).toEqual(['thieves']);
  });

  it('not before the path is open, however big the hoard', () => {
    const state = advance(hoard({ wood: 1_000_000 }, false), T0 + 600_000).state;
    expect(state.thieves.state).toBe(0);
    expect(state.income.thieves).toBeUndefined();
  });

  it('not for exactly 5 000', () => {
    expect(aMoment(hoard({ wood: 5_000, fur: 5_000 })).thieves.state).toBe(0);
  });

  it.each(['fur', 'meat', 'cured meat', 'leather', 'scales', 'bait', 'torch', 'bullets'])('for 5 001 %s (a resource)', (resource) => {
    expect(aMoment(hoard({ [resource]: 5_001 })).thieves.state).toBe(1);
  });

  it.each([
    ['a weapon', 'bolas'],
    ['a weapon', 'iron sword'],
    ['the compass', 'compass'],
    ['an upgrade', 'waterskin'],
    ['a blueprint', 'plasma rifle blueprint'],
  ])('not for %s, %s, over 5 000', (_, item) => {
    expect(aMoment(hoard({ [item]: 1_000_000, wood: 10 })).thieves.state).toBe(0);
  });

  it('with the compass itself: buying it opens the path, and a hoard draws them in the same moment', () => {
    const state = hoard({ fur: 400, scales: 20, teeth: 10, wood: 6_000 }, false);
    state.outside.buildings['trading post'] = 1;
    const { state: after, events } = mustApply(state, { type: 'buy', item: 'compass' }, T0);
    expect(after.features.path).toBe(true);
    expect(after.stores.compass).toBe(1);
    expect(after.thieves.state).toBe(1);
    expect(noticeKeys(events)).toEqual(expect.arrayContaining(['notice.path.opened', 'notice.thieves.begin']));
    expect(milestoneIds(events)).toEqual(['compass', 'thieves']);
  });
});

describe('the thieves steal', () => {
  it('10 wood, 5 fur and 5 meat every 10 s, keeping count of what they took', () => {
    const state = start(hoard({ cloth: 6_000, wood: 100, fur: 100, meat: 100 }));
    const after = advance(state, T0 + 1_000 + 20_000).state;
    expect(after.stores).toMatchObject({ wood: 70, fur: 85, meat: 85 });
    expect(after.thieves.stolen).toEqual({ wood: 30, fur: 15, meat: 15 });
    expect(advance(state, T0 + 1_000 + 19_999).state.stores).toMatchObject({ wood: 80, fur: 90, meat: 90 });
  });

  it('even when short: they take what there is, and count only that', () => {
    const state = start(hoard({ cloth: 6_000, wood: 25, fur: 3 }));
    const ticks = [1_000, 11_000, 21_000, 31_000].map((t) => advance(state, T0 + t).state);
    expect(ticks.map((s) => [s.stores.wood, s.stores.fur ?? 0, s.stores.meat ?? 0])).toEqual([
      [15, 0, 0],
      [5, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(ticks[3].thieves.stolen).toEqual({ wood: 25, fur: 3 });
    expect(ticks[3].stores.meat).toBeUndefined();
  });

  it('show in the income rates as a loss', () => {
    expect(incomeRates(start(hoard({ cloth: 6_000 })))).toEqual({ wood: -10, fur: -5, meat: -5 });
  });
});

describe('the thieves are dealt with', () => {
  const robbed = () => advance(start(hoard({ cloth: 6_000, wood: 100, fur: 100, meat: 2 })), T0 + 21_000).state;

  it('with the goods back: what they took returns to the stores; they stop', () => {
    const state = robbed();
    expect(state.thieves.stolen).toEqual({ wood: 30, fur: 15, meat: 2 });
    const ctx = ctxAt(structuredClone(state), state.clock);
    endThieves(ctx, true);
    expect(ctx.state.stores).toMatchObject({ wood: 100, fur: 100, meat: 2 });
    expect(ctx.state.thieves).toEqual({ state: 2, stolen: {} });
    expect(ctx.state.income.thieves).toBeUndefined();
  });

  it('without: the goods stay gone; they stop just the same', () => {
    const state = robbed();
    const ctx = ctxAt(structuredClone(state), state.clock);
    endThieves(ctx, false);
    expect(ctx.state.stores).toMatchObject({ wood: 70, fur: 85, meat: 0 });
    expect(ctx.state.thieves.state).toBe(2);
    expect(ctx.state.income.thieves).toBeUndefined();
  });

  it.each([true, false])('never to return (goods back: %s), whatever the hoard', (back) => {
    const ctx = ctxAt(structuredClone(robbed()), T0 + 21_000);
    endThieves(ctx, back);
    const later = advance({ ...ctx.state, stores: { ...ctx.state.stores, wood: 1_000_000 } }, T0 + 3_600_000).state;
    expect(later.thieves.state).toBe(2);
    expect(later.income.thieves).toBeUndefined();
    expect(later.stores.wood).toBe(1_000_000);
  });
});

describe('the thief event (04 G1)', () => {
  /**
   * Robbed for 30 s, then the random roll falls due, seen from a village with no traps and nobody
   * in it, where the thief is the only event that can happen (so the roll must open it).
   */
  function caught(): GameState {
    const state = advance(start(hoard({ cloth: 6_000, wood: 100, fur: 100, meat: 100 })), T0 + 21_000).state;
    const due: GameState = { ...state, location: 'outside', timers: { ...state.timers, event: T0 + 25_000 } };
    expect(availableEvents(due).map((e) => e.id)).toEqual(['thief']);
    const after = advance(due, T0 + 25_000).state;
    expect(after.event).toEqual({ id: 'thief', scene: 'start' });
    return after;
  }
  const choose = (state: GameState, button: string) => mustApply(state, { type: 'event_choose', button }, state.clock);

  it('offers hang and spare', () => {
    expect(eventView(caught())!.buttons.map((b) => [b.id, b.blocked])).toEqual([
      ['hang', null],
      ['spare', null],
    ]);
  });

  it('hang: the stolen goods come back, the thieves stop, and leave closes it', () => {
    const { state } = choose(caught(), 'hang');
    expect(state.event).toMatchObject({ id: 'thief', scene: 'hang' });
    expect(state.stores).toMatchObject({ wood: 100, fur: 100, meat: 100 });
    expect(state.thieves).toEqual({ state: 2, stolen: {} });
    expect(state.income.thieves).toBeUndefined();
    expect(state.character.perks).toEqual({});
    expect(choose(state, 'leave').state.event).toBeNull();
  });

  it('spare: the stealthy perk, the goods stay gone, the thieves stop', () => {
    const { state, events } = choose(caught(), 'spare');
    expect(state.character.perks).toEqual({ stealthy: true });
    expect(events).toContainEqual({ type: 'notice', key: 'notice.perk.learned', params: { perk: 'stealthy' } });
    expect(state.stores).toMatchObject({ wood: 70, fur: 85, meat: 85 });
    expect(state.thieves.state).toBe(2);
    expect(state.income.thieves).toBeUndefined();
    expect(choose(state, 'leave').state.event).toBeNull();
  });

  it('is not available before the thieves come nor after they are dealt with', () => {
    const ids = (state: GameState) => availableEvents(state).map((e) => e.id);
    expect(ids(hoard({}))).not.toContain('thief');
    expect(ids(caught())).toContain('thief');
    expect(ids(choose(caught(), 'hang').state)).not.toContain('thief');
  });

  it('holds every other command while it is open', () => {
    expect(apply(caught(), { type: 'gather_wood' }, T0 + 25_000)).toMatchObject({ ok: false, error: { code: 'event/open' } });
  });
});

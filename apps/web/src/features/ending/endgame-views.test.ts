import { describe, expect, it } from 'vitest';
import { newGame, type GameState } from '@smoulder/engine';
import { attr, fakeGame, renderView, tagsWith, textOf } from '../../testing/render.ts';
import FabricatorView from '../fabricator/FabricatorView.vue';
import ShipView from '../ship/ShipView.vue';
import EndingView from './EndingView.vue';

/* The endgame's views, rendered on node from states the engine's own rules judge. */

function home(stores: Record<string, number>): GameState {
  const state = newGame(1);
  state.timers.event = 1e12;
  state.stores = stores;
  state.features = { outside: true, path: true, fabricator: true, ship: true };
  state.ship = { hull: 0, thrusters: 1, seenWarning: false };
  state.location = 'fabricator';
  return state;
}

describe('the fabricator view', () => {
  it('lists the open recipes with their cost, blocks what is at its maximum, names the blueprints', async () => {
    const state = home({ 'alien alloy': 3, 'cargo drone': 1 });
    state.character.blueprints = { hypo: true };
    const html = await renderView(FabricatorView, fakeGame(state).game);
    const buttons = tagsWith(html, 'data-action').map((t) => [attr(t, 'data-action'), /\sdisabled/.test(t)]);
    expect(buttons).toEqual([
      ['fabricate:energy blade', false],
      ['fabricate:fluid recycler', false],
      ['fabricate:cargo drone', true],
      ['fabricate:hypo', false],
    ]);
    const text = textOf(html);
    expect(text).toContain('fabricator');
    expect(text).toContain('5 at a time');
    expect(text).toContain('blueprints: hypo');
  });

  it('speaks polish', async () => {
    const html = await renderView(FabricatorView, fakeGame(home({ 'alien alloy': 1 })).game, { locale: 'pl' });
    expect(textOf(html)).toContain('fabrykator');
  });
});

describe('the ship view', () => {
  it('shows hull and engine, the two upgrades, and says a bare hull will not fly', async () => {
    const html = await renderView(ShipView, fakeGame(home({ 'alien alloy': 1 })).game);
    expect(attr(tagsWith(html, 'data-hull')[0], 'data-value')).toBe('0');
    const text = textOf(html);
    expect(text).toContain('hull: 0');
    expect(text).toContain('engine: 1');
    expect(text).toContain('the hull is bare');
    const actions = tagsWith(html, 'data-action').map((t) => attr(t, 'data-action'));
    expect(actions.slice(0, 2)).toEqual(['reinforce_hull', 'upgrade_engine']);
  });
});

describe('the ending view', () => {
  function ended(beacon: boolean): GameState {
    const state = home({ wood: 100, rifle: 2 });
    state.ship = { hull: 3, thrusters: 1, seenWarning: true };
    state.ending = { score: 550, total: 1550, beacon };
    return state;
  }

  it('without a beacon: the score, the total, what it came from, and the way to begin again', async () => {
    const html = await renderView(EndingView, fakeGame(ended(false)).game);
    expect(attr(tagsWith(html, 'data-score')[0], 'data-value')).toBe('550');
    const text = textOf(html);
    expect(text).toContain('this time: 550');
    expect(text).toContain('all told: 1,550');
    expect(text).toContain('hull × 3: 150');
    expect(tagsWith(html, 'data-action').map((t) => attr(t, 'data-action'))).toEqual(['ending:begin_again']);
  });

  it('with a beacon: its lines come first, the score only after waiting', async () => {
    const html = await renderView(EndingView, fakeGame(ended(true)).game);
    expect(textOf(html)).not.toContain('550');
    expect(tagsWith(html, 'data-action')).toEqual([]);
  });
});

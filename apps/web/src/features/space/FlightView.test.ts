import { describe, expect, it } from 'vitest';
import { newGame, type GameState } from '@smoulder/engine';
import { fakeGame, renderView, tagsWith, textOf } from '../../testing/render.ts';
import FlightView from './FlightView.vue';
import LiftOffButton from './LiftOffButton.vue';
import { armFlight } from './launch.ts';

function withShip(hull: number, flight: boolean): GameState {
  const state = newGame(2);
  state.features.ship = true;
  state.location = 'ship';
  state.ship = { hull, thrusters: 1, seenWarning: false };
  state.flight = flight ? { seed: 77, startedAt: 0 } : null;
  return state;
}

describe('FlightView', () => {
  it('flies the flight this page lifted off for: the field, the hull, the height and the pad', async () => {
    armFlight();
    const html = await renderView(FlightView, fakeGame(withShip(3, true)).game);
    expect(tagsWith(html, 'width="700"')).toHaveLength(1);
    expect(textOf(html)).toContain('hull 3');
    expect(textOf(html)).toContain('height 0');
    expect(tagsWith(html, 'aria-label="steer up"')).toHaveLength(1);
  });

  it('offers to bring down a flight it did not start (a reload), in Polish too', async () => {
    const html = await renderView(FlightView, fakeGame(withShip(3, true)).game, { locale: 'pl' });
    expect(tagsWith(html, 'data-action="flight_abandon"')).toHaveLength(1);
    expect(textOf(html)).toContain('sprowadź statek na ziemię');
    expect(tagsWith(html, 'width="700"')).toHaveLength(0);
  });
});

describe('LiftOffButton', () => {
  it('is greyed with its reason while the hull is bare, and ready once there is hull', async () => {
    const bare = await renderView(LiftOffButton, fakeGame(withShip(0, false)).game);
    expect(tagsWith(bare, 'data-action="lift_off"')[0]).toContain('disabled');
    expect(textOf(bare)).toContain('the hull is bare');
    const ready = await renderView(LiftOffButton, fakeGame(withShip(2, false)).game);
    expect(tagsWith(ready, 'data-action="lift_off"')[0]).not.toContain('disabled');
    expect(textOf(ready)).toContain('lift off');
  });
});

import { describe, expect, it } from 'vitest';
import { apply } from '../apply.ts';
import type { Command } from '../core/commands.ts';
import type { GameState } from '../core/state.ts';
import { tabs } from '../selectors.ts';
import { quiet } from '../testing/events.ts';
import { milestoneIds, mustApply } from '../testing/play.ts';
import { shipView } from './selectors.ts';
import { atPath, setOut, walk } from '../testing/world.ts';

/* The starship (spec core/07 §1–2): found, then readied with alien alloy. */

const HULL: Command = { type: 'reinforce_hull' };
const ENGINE: Command = { type: 'upgrade_engine' };

function withShip(alloy: number): GameState {
  const state = quiet({ 'alien alloy': alloy }, 'ship');
  state.features = { outside: true, path: true, fabricator: false, ship: true };
  state.ship = { hull: 0, thrusters: 1, seenWarning: false };
  return state;
}

const refusal = (state: GameState, command: Command) => {
  const result = apply(state, command, state.clock);
  return result.ok ? null : result.error;
};

describe('the endgame unlocks on a safe return', () => {
  it("the crashed ship's flag opens the ship tab with hull 0 and one thruster; the battleship's opens the fabricator", () => {
    const state = quiet({}, 'path');
    state.features.outside = true;
    state.features.path = true;
    state.flags.ship = true;
    const step = mustApply(state, { type: 'travel', to: 'path' }, 1);
    expect(step.state.features.ship).toBe(true);
    expect(step.state.ship).toEqual({ hull: 0, thrusters: 1, seenWarning: false });
    expect(milestoneIds(step.events)).toContain('ship_unlocked');
    expect(step.state.features.fabricator).toBe(false);
    expect(tabs(step.state)).toEqual(['room', 'outside', 'path', 'ship']);
    const both = mustApply({ ...step.state, flags: { ...step.state.flags, executioner: true } }, { type: 'travel', to: 'room' }, 1);
    expect(both.state.features.fabricator).toBe(true);
    expect(milestoneIds(both.events)).toEqual(['fabricator']);
    expect(tabs(both.state)).toEqual(['room', 'outside', 'path', 'fabricator', 'ship']);
  });

  it('through a real homecoming: the trip flags come home, and the tabs open with them', () => {
    let state = setOut(atPath({ 'cured meat': 5 }), { 'cured meat': 2 });
    state.expedition!.flags = { ship: true, executioner: true };
    state = walk(state, ['east']).state;
    expect(state.features).toMatchObject({ ship: false, fabricator: false });
    const home = walk(state, ['west']);
    expect(home.state.location).toBe('path');
    expect(home.state.features).toMatchObject({ ship: true, fabricator: true });
    expect(home.state.ship).toEqual({ hull: 0, thrusters: 1, seenWarning: false });
    expect(milestoneIds(home.events)).toEqual(expect.arrayContaining(['ship_found', 'ship_unlocked', 'fabricator']));
  });

  it('a ship already being readied is kept', () => {
    const state = quiet({}, 'room');
    state.flags.ship = true;
    state.ship = { hull: 4, thrusters: 3, seenWarning: true };
    const after = mustApply(state, { type: 'set_option', option: 'lightsOff', value: true }, 0).state;
    expect(after.ship).toEqual({ hull: 4, thrusters: 3, seenWarning: true });
  });
});

describe('readying the ship', () => {
  it('reinforcing the hull: one alien alloy, one hull point', () => {
    const step = mustApply(withShip(3), HULL, 0);
    expect(step.state.ship).toMatchObject({ hull: 1, thrusters: 1 });
    expect(step.state.stores['alien alloy']).toBe(2);
    expect(step.events).toContainEqual({ type: 'notice', key: 'notice.ship.hull', params: { amount: 1 } });
  });

  it('upgrading the engine: one alien alloy, one thruster; neither has a limit', () => {
    let state = withShip(12);
    for (let i = 0; i < 6; i++) state = mustApply(state, ENGINE, 0).state;
    for (let i = 0; i < 6; i++) state = mustApply(state, HULL, 0).state;
    expect(state.ship).toMatchObject({ hull: 6, thrusters: 7 });
    expect(state.stores['alien alloy']).toBe(0);
  });

  it('without alloy: not enough alien alloy, nothing changes', () => {
    for (const command of [HULL, ENGINE]) {
      expect(refusal(withShip(0), command)).toMatchObject({ code: 'cost/not_enough', key: 'error.cost.not_enough', params: { resource: 'alien alloy' } });
    }
  });

  it('before the ship is found, out in the world, or in flight: refused', () => {
    const none = quiet({ 'alien alloy': 5 });
    expect(refusal(none, HULL)).toMatchObject({ code: 'action/unavailable' });
    const away = withShip(5);
    away.location = 'world';
    expect(refusal(away, ENGINE)).toMatchObject({ code: 'world/away' });
    const flying = withShip(5);
    flying.flight = { seed: 1, startedAt: 0 };
    expect(refusal(flying, HULL)).not.toBeNull();
  });

  it("the ship view: hull, thrusters, alloy, and lift-off only with some hull", () => {
    const bare = shipView(withShip(1))!;
    expect(bare).toMatchObject({ hull: 0, thrusters: 1, alloy: 1, canLiftOff: false, seenWarning: false });
    expect(bare.reinforce).toMatchObject({ command: HULL, cost: { 'alien alloy': 1 }, blocked: null });
    const hulled = mustApply(withShip(1), HULL, 0).state;
    const view = shipView(hulled)!;
    expect(view).toMatchObject({ hull: 1, alloy: 0, canLiftOff: true });
    expect(view.upgrade.blocked).toMatchObject({ code: 'cost/not_enough' });
    expect(shipView(quiet())).toBeNull();
  });
});

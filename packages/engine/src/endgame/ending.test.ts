import { describe, expect, it } from 'vitest';
import { advance, nextDueAt } from '../advance.ts';
import { apply } from '../apply.ts';
import type { Ctx } from '../core/context.ts';
import { newGame, type GameState } from '../core/state.ts';
import { TILE_CHARS } from '../world/selectors.ts';
import { quiet, pick } from '../testing/events.ts';
import { mustApply } from '../testing/play.ts';
import { atPath, flatMap, setOut, walk, withTiles } from '../testing/world.ts';
import { finishGame, nextGame } from './ending.ts';
import { endingView } from './selectors.ts';
import { SCORE_ITEMS } from './score.ts';
import { fly } from '../testing/pilot.ts';
import { encodeInputs } from '../space/inputs.ts';
import { FLIGHT_TICKS, TICK_MS } from '../space/simulation.ts';

/* The ending (spec core/07 §3.5, core/08 §2–3): score, prestige, time stopped, and the next game. */

/** A village mid-game with its timers running, an expedition-free ship readied with 3 hull. */
function readyToWin(stores: Record<string, number>, previous = 0): GameState {
  const state = newGame(5);
  state.clock = 3_600_000;
  state.timers = { fireCool: 3_601_000, temperature: 3_630_000, builder: null, forest: null, population: 3_700_000, event: 3_800_000 };
  state.income = { gatherer: 3_605_000 };
  state.stores = { ...stores };
  state.features = { outside: true, path: true, fabricator: true, ship: true };
  state.ship = { hull: 3, thrusters: 2, seenWarning: true };
  state.prestige = { stores: null, score: previous };
  state.location = 'ship';
  return state;
}

function win(state: GameState): { state: GameState; events: Ctx['events'] } {
  const ctx: Ctx = { state: structuredClone(state), now: state.clock, events: [] };
  finishGame(ctx);
  return { state: ctx.state, events: ctx.events };
}

const STORES = { wood: 100, fur: 10.7, bait: 3, rifle: 2, bullets: 7, 'alien alloy': 4, 'fleet beacon': 1 };

describe('finishing the game', () => {
  it('records the score (1 130 worked by hand in score.test.ts), the total with earlier games, the beacon', () => {
    const { state, events } = win(readyToWin(STORES, 2000));
    expect(state.ending).toEqual({ score: 1130, total: 3130, beacon: true });
    expect(state.prestige.score).toBe(3130);
    expect(events).toContainEqual({ type: 'milestone', id: 'game_won' });
    expect(state.milestones.game_won).toBe(3_600_000);
    expect(endingView(state)).toMatchObject({ score: 1130, total: 3130, beacon: true, breakdown: { total: 1130 } });
    expect(endingView(readyToWin(STORES))).toBeNull();
  });

  it('without a fleet beacon there is no other ending', () => {
    expect(win(readyToWin({ wood: 5 })).state.ending).toEqual({ score: 5 + 150, total: 155, beacon: false });
  });

  it('saves the prestige: the 24 stores each divided by a divisor drawn from the game RNG', () => {
    const { state } = win(readyToWin({ wood: 900, 'iron sword': 4, grenade: 60 }));
    const carried = state.prestige.stores!;
    expect(Object.keys(carried)).toEqual(SCORE_ITEMS.map((s) => s.item));
    expect(900 / carried.wood).toBeGreaterThanOrEqual(1);
    expect(900 / carried.wood).toBeLessThan(10);
    expect([4, 2, 1]).toContain(carried['iron sword']);
    expect(carried.grenade).toBeLessThanOrEqual(60);
    expect(carried.fur).toBe(0);
    // Drawn from the state's RNG: another seed, another draw; the same seed, the same draw.
    expect(win(readyToWin({ wood: 900 })).state.prestige.stores).toEqual(win(readyToWin({ wood: 900 })).state.prestige.stores);
    expect(win(readyToWin({ wood: 900 })).state.rng).not.toEqual(readyToWin({ wood: 900 }).rng);
  });

  it('stops time: nothing is ever due again, a year later nothing has happened', () => {
    const before = readyToWin(STORES);
    expect(nextDueAt(before)).toBe(3_601_000);
    const { state } = win(before);
    expect(nextDueAt(state)).toBeNull();
    const later = advance(state, state.clock + 365 * 86_400_000);
    expect(later.events).toEqual([]);
    expect({ ...later.state, clock: state.clock }).toEqual(state);
  });

  it('refuses every command but the options afterwards', () => {
    const { state } = win(readyToWin({ ...STORES, 'alien alloy': 10 }));
    for (const command of [{ type: 'reinforce_hull' }, { type: 'gather_wood' }, { type: 'travel', to: 'room' }] as const) {
      const result = apply(state, command, state.clock + 1000);
      expect(result.ok ? null : result.error).toMatchObject({ code: 'game/over', key: 'error.game.over' });
    }
    expect(apply(state, { type: 'set_option', option: 'lightsOff', value: true }, state.clock).ok).toBe(true);
  });

  it('happens once: a second call changes nothing', () => {
    const once = win(readyToWin(STORES)).state;
    expect(win(once).state).toEqual(once);
  });
});

describe('the next game', () => {
  it('is a new game from the seed that keeps only the prestige and the options', () => {
    const finished = win(readyToWin(STORES, 500)).state;
    finished.config.hyperMode = true;
    finished.character.blueprints.hypo = true;
    finished.character.perks.boxer = true;
    const next = nextGame(finished, 77);
    expect(next).toEqual({ ...newGame(77), prestige: finished.prestige, config: finished.config, milestones: { prestige_restart: 0 } });
    expect(next.prestige).toEqual({ stores: finished.prestige.stores, score: 1630 });
    expect(next.prestige).not.toBe(finished.prestige);
    expect(next.ending).toBeNull();
    expect(next.stores).toEqual({});
  });

  it('its world, drawn when the compass comes, holds the destroyed village; one made without prestige does not', () => {
    const count = (state: GameState) => state.world!.tiles.join('').split(TILE_CHARS.cache).length - 1;
    const withCompass = (state: GameState) => mustApply({ ...state, stores: { compass: 1 } }, { type: 'set_option', option: 'lightsOff', value: false }, 0).state;
    const next = nextGame(win(readyToWin(STORES)).state, 3);
    expect(count(withCompass(next))).toBe(1);
    expect(count(withCompass(nextGame(newGame(1), 3)))).toBe(0);
  });

  it('the cache pays the carried stores into the home stores once, then is gone for good', () => {
    const finished = win(readyToWin({ wood: 900, rifle: 4, bullets: 80 })).state;
    const carried = finished.prestige.stores!;
    const next = nextGame(finished, 3);
    // A destroyed village one step north of the village, on a hand-drawn map.
    let state = atPath({ 'cured meat': 5 }, withTiles(flatMap(), { '0,-1': TILE_CHARS.cache }));
    state.prestige = structuredClone(next.prestige);
    state = setOut(state, { 'cured meat': 2 });
    state = walk(state, ['north']).state;
    expect(state.event).toMatchObject({ id: 'cache', scene: 'start' });
    state = pick(state, 'enter').state;
    state = pick(state, 'take').state;
    expect(state.stores.wood).toBe(carried.wood);
    expect(state.stores.rifle).toBe(carried.rifle);
    expect(state.stores.bullets).toBe(carried.bullets);
    expect(state.prestige).toEqual({ stores: null, score: next.prestige.score });
    state = pick(state, 'leave').state;
    expect(state.expedition!.map.done).toContain('30,29');
    // Claimed: the next game in this line (without a new victory) gets no cache.
    const after = nextGame(state, 9);
    expect(after.prestige.stores).toBeNull();
  });

  it('a finished game restarts into a playable one: the fire can be lit', () => {
    const next = nextGame(win(readyToWin(STORES)).state, 11);
    expect(apply({ ...next, stores: { wood: 5 } }, { type: 'light_fire' }, 0).ok).toBe(true);
  });
});

describe('a whole round through the real rules', () => {
  it('fabricate, ready the ship, fly out, score; the next game finds the cache with the carry-over', () => {
    // At home with the endgame open, alloy to spend, a stockpile to score.
    let state = readyToWin({ 'alien alloy': 6, wood: 300, 'iron sword': 2, bullets: 40 }, 250);
    state.ship = { hull: 0, thrusters: 1, seenWarning: false };
    state.timers.event = 1e12;
    state = mustApply(state, { type: 'fabricate', item: 'energy blade' }, state.clock).state;
    for (const command of [{ type: 'reinforce_hull' }, { type: 'reinforce_hull' }, { type: 'reinforce_hull' }, { type: 'upgrade_engine' }] as const) {
      state = mustApply(state, command, state.clock).state;
    }
    expect(state.ship).toMatchObject({ hull: 3, thrusters: 2 });
    expect(state.stores['alien alloy']).toBe(1);
    // Up, and through: the pilot finds a surviving input log for this flight.
    const at = state.clock;
    state = mustApply(state, { type: 'lift_off', confirmed: true }, at).state;
    const found = fly({ seed: state.flight!.seed, hull: state.ship!.hull, thrusters: state.ship!.thrusters });
    expect(found.outcome).toBe('escaped');
    const won = mustApply(state, { type: 'flight_report', inputs: encodeInputs(found.inputs), outcome: 'escaped' }, at + FLIGHT_TICKS * TICK_MS);
    // wood 300 + iron sword 2 × 30 + bullets 40 × 3 + alloy 1 × 10 + hull 3 × 50 = 640.
    expect(won.state.ending).toEqual({ score: 640, total: 890, beacon: false });
    expect(won.events).toContainEqual({ type: 'milestone', id: 'game_won' });
    expect(nextDueAt(won.state)).toBeNull();
    // The next game: the carry-over waits in a destroyed village on its map.
    const next = mustApply({ ...nextGame(won.state, 21), stores: { compass: 1 } }, { type: 'set_option', option: 'lightsOff', value: false }, 0).state;
    expect(next.prestige.score).toBe(890);
    expect(next.prestige.stores!.wood).toBeGreaterThanOrEqual(Math.floor(300 / 9));
    expect(next.world!.tiles.join('')).toContain(TILE_CHARS.cache);
  });
});

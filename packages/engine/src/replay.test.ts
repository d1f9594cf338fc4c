import { describe, expect, it } from 'vitest';
import { advance, type Step } from './advance.ts';
import type { GameEvent } from './core/context.ts';
import { createRng, nextFloat } from './core/rng.ts';
import { newGame, type GameState } from './core/state.ts';
import { openingGame, play, type Timed } from './testing/play.ts';
import { OPENING_SCRIPT, SCRIPT_END } from './testing/script.ts';

const SEED = 20_240_601;
const reference = (seed = SEED) => play(openingGame(seed), OPENING_SCRIPT, SCRIPT_END);

/** Plays the script, but at `cut` saves the game as JSON and carries on from the parsed copy. */
function playWithSave(cut: number, seed = SEED): Step {
  const before = OPENING_SCRIPT.filter(([at]) => at < cut);
  const after = OPENING_SCRIPT.filter(([at]) => at >= cut);
  const first = play(openingGame(seed), before, cut);
  const reloaded = JSON.parse(JSON.stringify(first.state)) as GameState;
  const second = play(reloaded, after, SCRIPT_END);
  return { state: second.state, events: [...first.events, ...second.events] };
}

/** `count` moments spread at random (seeded) over the script, plus every command's own time. */
function cutMoments(count: number): number[] {
  const rng = createRng(7);
  const random = Array.from({ length: count }, () => Math.floor(nextFloat(rng) * SCRIPT_END));
  return [...random, ...OPENING_SCRIPT.map(([at]: Timed) => at)];
}

const trapDrops = (state: GameState) =>
  ['fur', 'meat', 'scales', 'teeth', 'cloth', 'charm'].map((r) => state.stores[r] ?? 0);

describe('determinism', () => {
  it('gives the same state and events for the same seed and commands', () => {
    const a = reference();
    const b = reference();
    expect(b.state).toEqual(a.state);
    expect(b.events).toEqual(a.events);
  });

  it('plays the script through to 20 min with seven traps and the cart', () => {
    const { state } = reference();
    expect(state.clock).toBe(SCRIPT_END);
    expect(state.outside.buildings).toEqual({ trap: 7, cart: 1 });
    expect(trapDrops(state).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('gives different trap drops for different seeds', () => {
    const drops = [1, 2, 3].map((seed) => JSON.stringify(trapDrops(reference(seed).state)));
    expect(new Set(drops).size).toBe(3);
  });

  it('changes only the trap drops with the seed: the rest of the game is the same', () => {
    const strip = (s: GameState) => ({ ...s, rng: null, stores: { wood: s.stores.wood } });
    expect(strip(reference(1).state)).toEqual(strip(reference(2).state));
  });
});

describe('save and resume', () => {
  it.each(cutMoments(25))('a JSON save at %i ms changes nothing that follows', (cut) => {
    const expected = reference();
    const resumed = playWithSave(cut);
    expect(resumed.state).toEqual(expected.state);
    expect(resumed.events).toEqual(expected.events);
  });
});

describe('advancing in steps', () => {
  const HOUR = 3_600_000;

  it('many small steps end where one big step does, with the same events', () => {
    const start = reference().state;
    const big = advance(start, SCRIPT_END + HOUR);
    const rng = createRng(11);
    let state = start;
    const events: GameEvent[] = [];
    while (state.clock < SCRIPT_END + HOUR) {
      const step = advance(state, Math.min(SCRIPT_END + HOUR, state.clock + 1 + Math.floor(nextFloat(rng) * 40_000)));
      state = step.state;
      events.push(...step.events);
    }
    expect(state).toEqual(big.state);
    expect(events).toEqual(big.events);
  });

  it('one millisecond at a time over the first minute equals one step', () => {
    let state = newGame(1);
    state = play(state, OPENING_SCRIPT.slice(0, 1)).state;
    const big = advance(state, 60_000).state;
    for (let t = 1; t <= 60_000; t++) state = advance(state, t).state;
    expect(state).toEqual(big);
  });
});

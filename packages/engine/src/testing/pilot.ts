import { cloneSimulation, createSimulation, step, type FlightSetup } from '../space/simulation.ts';
import type { InputChange } from '../space/inputs.ts';

const MASKS = [0, 1, 2, 4, 8, 5, 9, 6, 10];

/**
 * A test pilot: at each tick it tries every way of holding the keys for `look` ticks ahead and
 * keeps the one that takes the fewest hits (then stays nearest the middle, then changes least).
 * Finds surviving input logs for tests and fixtures; no part of the game.
 */
export function fly(setup: FlightSetup, look = 12): { inputs: InputChange[]; outcome: string; hits: number; ticks: number } {
  const sim = createSimulation(setup);
  const inputs: InputChange[] = [];
  let mask = 0;
  while (!sim.outcome) {
    let best = mask;
    let bestScore = Infinity;
    for (const m of MASKS) {
      const ahead = cloneSimulation(sim);
      for (let i = 0; i < look && !ahead.outcome; i++) step(ahead, m);
      const off = Math.abs(ahead.x - 350_000) + Math.abs(ahead.y - 350_000);
      const score = (ahead.hits - sim.hits) * 1e9 + off / 1000 + (m === mask ? 0 : 5);
      if (score < bestScore) {
        bestScore = score;
        best = m;
      }
    }
    if (best !== mask) {
      inputs.push([sim.tick, best]);
      mask = best;
    }
    step(sim, mask);
  }
  return { inputs, outcome: sim.outcome, hits: sim.hits, ticks: sim.tick };
}

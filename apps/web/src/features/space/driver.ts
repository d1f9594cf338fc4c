/**
 * The flight as the browser runs it: the engine's own simulation (`@smoulder/engine`, the very code
 * the server replays) stepped at its fixed 33 ms tick from the display's frames, the held keys
 * recorded as they change at tick boundaries, and what the canvas needs to draw between two ticks.
 * No DOM here, so it is tested without a browser.
 */
import {
  cloneSimulation,
  createSimulation,
  encodeInputs,
  resultOf,
  step,
  KEY_MASK_MAX,
  MAX_INPUT_ENTRIES,
  TICK_MS,
  type FlightOutcome,
  type FlightResult,
  type FlightSetup,
  type InputChange,
  type Simulation,
} from '@smoulder/engine';

/** A frame later than this after the last (a hidden tab, a stall) only moves the flight this far: it waits rather than jumps. */
export const MAX_FRAME_MS = 250;

export interface FlightReport {
  inputs: string;
  outcome: FlightOutcome;
}

export class FlightDriver {
  /** The state after the latest tick, and the one before it (drawn between them). */
  sim: Simulation;
  prev: Simulation;
  readonly inputs: InputChange[] = [];
  private held = 0;
  private recorded = 0;
  private pending = 0;
  private last: number | null = null;

  constructor(readonly setup: FlightSetup) {
    this.sim = createSimulation(setup);
    this.prev = cloneSimulation(this.sim);
  }

  /** The keys held now (KEY_UP | KEY_DOWN | …); they take effect from the next tick. */
  setKeys(mask: number): void {
    this.held = mask & KEY_MASK_MAX;
  }

  get keys(): number {
    return this.held;
  }

  /** Runs every whole tick due by `time` (ms, any monotonic clock); returns how many ran. */
  frame(time: number): number {
    if (this.last === null) {
      this.last = time;
      return 0;
    }
    this.pending += Math.min(MAX_FRAME_MS, Math.max(0, time - this.last));
    this.last = time;
    let ran = 0;
    while (this.pending >= TICK_MS && !this.sim.outcome) {
      this.pending -= TICK_MS;
      this.tick();
      ran++;
    }
    if (this.sim.outcome) this.pending = 0;
    return ran;
  }

  /** One tick with the keys held now, recorded when they changed (while the log has room). */
  tick(): void {
    if (this.sim.outcome) return;
    if (this.held !== this.recorded && this.inputs.length < MAX_INPUT_ENTRIES) {
      this.inputs.push([this.sim.tick, this.held]);
      this.recorded = this.held;
    }
    this.prev = cloneSimulation(this.sim);
    step(this.sim, this.recorded);
  }

  /** How far between the previous tick and the latest the display is, 0–1. */
  get alpha(): number {
    return this.sim.outcome ? 1 : Math.min(1, this.pending / TICK_MS);
  }

  /** Simulation ms the display shows. */
  get displayMs(): number {
    return (this.prev.tick + (this.sim.tick > this.prev.tick ? this.alpha : 0)) * TICK_MS;
  }

  /** The ship's point in px, between the last two ticks. */
  shipAt(): { x: number; y: number } {
    const a = this.sim.tick > this.prev.tick ? this.alpha : 1;
    const lerp = (from: number, to: number) => (from + (to - from) * a) / 1000;
    return { x: lerp(this.prev.x, this.sim.x), y: lerp(this.prev.y, this.sim.y) };
  }

  get result(): FlightResult | null {
    return this.sim.outcome ? resultOf(this.sim) : null;
  }

  /** What the server is told once the flight is over. */
  report(): FlightReport | null {
    return this.sim.outcome ? { inputs: encodeInputs(this.inputs), outcome: this.sim.outcome } : null;
  }
}

import { nextFloat, type RngState } from '../core/rng.ts';

/** Every duration of the opening, in ms of game clock (hyper mode runs the clock at 2×). */
export const TIMINGS = {
  fireCool: 5 * 60_000,
  temperatureStep: 30_000,
  builderCheck: 30_000,
  forestAfterStranger: 15_000,
  incomeTick: 1_000,
  incomeCycle: 10_000,
} as const;

/** Whole minutes 3, 4 or 5, halved when nothing could happen last time. */
export function eventDelay(rng: RngState, scale = 1): number {
  const minutes = Math.floor(nextFloat(rng) * 3) + 3;
  return minutes * 60_000 * scale;
}

/** A villagers' arrival: 0.5, 1.5 or 2.5 minutes (40 / 40 / 20 %). */
export function populationDelay(rng: RngState): number {
  return (Math.floor(nextFloat(rng) * 2.5) + 0.5) * 60_000;
}

export const FIRE_LEVELS = ['dead', 'smouldering', 'flickering', 'burning', 'roaring'] as const;
export const TEMPERATURE_LEVELS = ['freezing', 'cold', 'mild', 'warm', 'hot'] as const;
export const BUILDER_LEVELS = ['approaching', 'collapsed', 'shivering', 'sleeping', 'helping'] as const;

/** Temperature the builder needs to recover, and the least warmth the builder will build in. */
export const WARM = 3;
export const MIN_BUILD_TEMPERATURE = 2;

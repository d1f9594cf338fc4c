/** Every duration of the opening, in ms of game clock (hyper mode runs the clock at 2×). */
export const TIMINGS = {
  fireCool: 5 * 60_000,
  temperatureStep: 30_000,
  builderCheck: 30_000,
  forestAfterStranger: 15_000,
  incomeTick: 1_000,
  incomeCycle: 10_000,
} as const;

export const FIRE_LEVELS = ['dead', 'smouldering', 'flickering', 'burning', 'roaring'] as const;
export const TEMPERATURE_LEVELS = ['freezing', 'cold', 'mild', 'warm', 'hot'] as const;
export const BUILDER_LEVELS = ['approaching', 'collapsed', 'shivering', 'sleeping', 'helping'] as const;

/** Temperature the builder needs to recover, and the least warmth the builder will build in. */
export const WARM = 3;
export const MIN_BUILD_TEMPERATURE = 2;

import { BUILD_CART, BUILD_TRAP, CHECK_TRAPS, GATHER, LIGHT, STOKE, type Timed } from './play.ts';

/**
 * Twenty minutes of a plausible opening, every command legal at its time: the fire, the forest,
 * a cart, traps checked as they come off cooldown, the odd stoke. Replay tests cut it anywhere.
 */
export const OPENING_SCRIPT: readonly Timed[] = [
  [0, LIGHT],
  [12_500, STOKE],
  [45_000, GATHER],
  [105_000, GATHER],
  [150_000, BUILD_TRAP],
  [150_000, CHECK_TRAPS],
  [165_000, GATHER],
  [171_000, BUILD_CART],
  [225_000, GATHER],
  [240_000, CHECK_TRAPS],
  [240_000, BUILD_TRAP],
  [250_000, STOKE],
  [285_000, GATHER],
  [330_000, CHECK_TRAPS],
  [330_000, BUILD_TRAP],
  [345_500, GATHER],
  [405_500, GATHER],
  [420_000, CHECK_TRAPS],
  [420_000, BUILD_TRAP],
  [465_500, GATHER],
  [510_000, CHECK_TRAPS],
  [525_500, GATHER],
  [530_000, BUILD_TRAP],
  [600_000, CHECK_TRAPS],
  [601_000, STOKE],
  [690_000, CHECK_TRAPS],
  [700_000, GATHER],
  [760_000, GATHER],
  [780_000, CHECK_TRAPS],
  [790_000, BUILD_TRAP],
  [870_000, CHECK_TRAPS],
  [900_000, GATHER],
  [960_000, CHECK_TRAPS],
  [1_000_000, BUILD_TRAP],
  [1_050_000, CHECK_TRAPS],
  [1_140_000, CHECK_TRAPS],
  [1_150_000, GATHER],
];

export const SCRIPT_END = 1_200_000;

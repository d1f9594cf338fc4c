/** Seeded PRNG (mulberry32) whose whole state is one 32-bit integer kept in the game state. */
export interface RngState {
  seed: number;
  state: number;
}

export function createRng(seed: number): RngState {
  const s = seed | 0;
  return { seed: s, state: s };
}

/** Uniform float in [0, 1); advances `rng` in place (callers pass the draft state's rng). */
export function nextFloat(rng: RngState): number {
  rng.state = (rng.state + 0x6d2b79f5) | 0;
  let t = rng.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

import { createRng, type RngState } from './rng.ts';

/** Save format version. Bump it with a migration in `migrations.ts` and a fixture of the old shape. */
export const STATE_VERSION = 2;

/** Largest number a store may hold (the original's cap). */
export const MAX_STORE = 99_999_999_999_999;

export type FireLevel = 0 | 1 | 2 | 3 | 4;
export type TemperatureLevel = 0 | 1 | 2 | 3 | 4;
/** −1 nobody, 0 approaching, 1 collapsed, 2 shivering, 3 sleeping, 4 helping. */
export type BuilderLevel = -1 | 0 | 1 | 2 | 3 | 4;

export interface Timers {
  /** When the fire next drops a level; null once a dead fire's chain has stopped. */
  fireCool: number | null;
  /** The room's temperature step; runs forever. */
  temperature: number;
  /** The builder's next check while the builder is not yet helping. */
  builder: number | null;
  /** When the forest opens, after the stranger has come to. */
  forest: number | null;
}

export interface GameState {
  version: number;
  /** Milliseconds of play; every due-time below is on this clock. */
  clock: number;
  rng: RngState;
  config: { hyperMode: boolean; lightsOff: boolean };
  features: { outside: boolean };
  /** Absent key: never had any. Present at 0: had some once (the original's distinction matters). */
  stores: Record<string, number>;
  room: { fire: FireLevel; temperature: TemperatureLevel; builder: BuilderLevel };
  outside: {
    buildings: Record<string, number>;
    population: number;
    workers: Record<string, number>;
  };
  /** Next due-time of each income source; amounts are derived from the state when it fires. */
  income: Record<string, number>;
  timers: Timers;
  /** Cooldown group → the clock time it is ready again. */
  cooldowns: Record<string, number>;
  /** Build buttons already announced, so the "you could build …" notice is said once. */
  seen: { buildings: string[] };
  /**
   * Clock time each milestone (`MILESTONE_IDS`) was first reached. A save from before version 2 gets
   * the ones it had evidently passed, dated to its own clock since the real time is unknown.
   */
  milestones: Record<string, number>;
}

export function newGame(seed: number): GameState {
  return {
    version: STATE_VERSION,
    clock: 0,
    rng: createRng(seed),
    config: { hyperMode: false, lightsOff: false },
    features: { outside: false },
    stores: {},
    room: { fire: 0, temperature: 0, builder: -1 },
    outside: { buildings: {}, population: 0, workers: {} },
    income: {},
    timers: { fireCool: null, temperature: 30_000, builder: null, forest: null },
    cooldowns: {},
    seen: { buildings: [] },
    milestones: {},
  };
}

import { createRng, type RngState } from './rng.ts';
import { eventDelay } from '../content/timings.ts';

/** Save format version. Bump it with a migration in `migrations.ts` and a fixture of the old shape. */
export const STATE_VERSION = 3;

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
  /** The next villagers' arrival, once a hut stands. */
  population: number | null;
  /** The next roll for a random event; runs forever. */
  event: number;
}

/** Where the player is looking; room and village events only happen in view. */
export type Location = 'room' | 'outside';

export interface OpenEvent {
  id: string;
  scene: string;
  /** Numbers the scene's text shows (e.g. how much was lost). */
  params?: Record<string, number>;
}

/** A reward promised by an event, paid at `dueAt` (kept in the save so it survives a reload). */
export interface Payout {
  id: string;
  dueAt: number;
  reward: Record<string, number>;
  notice: string;
}

export interface GameState {
  version: number;
  /** Milliseconds of play; every due-time below is on this clock. */
  clock: number;
  rng: RngState;
  config: { hyperMode: boolean; lightsOff: boolean };
  /** `path`: the compass is owned and the way into the world is open. */
  features: { outside: boolean; path: boolean };
  location: Location;
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
  /** Buttons already announced, so each "you could make …" notice is said once. */
  seen: { buildings: string[]; crafts: string[] };
  character: { perks: Record<string, true> };
  /** 0 none yet, 1 stealing, 2 dealt with (never again); `stolen` is what they took, in total. */
  thieves: { state: 0 | 1 | 2; stolen: Record<string, number> };
  /** The event on screen, if any; every device shows the same one. */
  event: OpenEvent | null;
  payouts: Payout[];
  /** Lasting facts set by the world (e.g. a city cleared) that village events read. */
  flags: Record<string, true>;
  /**
   * Clock time each milestone (`MILESTONE_IDS`) was first reached. A save from before version 2 gets
   * the ones it had evidently passed, dated to its own clock since the real time is unknown.
   */
  milestones: Record<string, number>;
}

export function newGame(seed: number): GameState {
  const rng = createRng(seed);
  return {
    version: STATE_VERSION,
    clock: 0,
    rng,
    config: { hyperMode: false, lightsOff: false },
    features: { outside: false, path: false },
    location: 'room',
    stores: {},
    room: { fire: 0, temperature: 0, builder: -1 },
    outside: { buildings: {}, population: 0, workers: {} },
    income: {},
    timers: {
      fireCool: null,
      temperature: 30_000,
      builder: null,
      forest: null,
      population: null,
      event: firstEventAt(rng),
    },
    cooldowns: {},
    seen: { buildings: [], crafts: [] },
    character: { perks: {} },
    thieves: { state: 0, stolen: {} },
    event: null,
    payouts: [],
    flags: {},
    milestones: {},
  };
}

/** The first random event is 3, 4 or 5 minutes into the game. */
function firstEventAt(rng: RngState): number {
  return eventDelay(rng);
}

import { createRng, type RngState } from './rng.ts';
import { eventDelay } from '../content/timings.ts';
import type { Fight } from '../combat/types.ts';

/** Save format version. Bump it with a migration in `migrations.ts` and a fixture of the old shape. */
export const STATE_VERSION = 5;

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

/**
 * Where the player is looking; room and village events only happen in view. `path` is the
 * outfitting screen; `fabricator` and `ship` the endgame's screens (no events find the player there); `world` means out on an expedition (set by embarking, left by coming home or dying).
 */
export type Location = 'room' | 'outside' | 'path' | 'fabricator' | 'ship' | 'world';

/**
 * The world map, 61 × 61 with the village at (30, 30). `tiles[x]` is column x, one character per y
 * (the spec's tile letters); `seen[x]` the same column of the fog mask, '1' revealed and '0' not.
 * `done` lists the landmarks completed (`"x,y"`), which then behave as plain ground.
 */
export interface WorldMap {
  tiles: string[];
  seen: string[];
  done: string[];
}

export interface ShipState {
  hull: number;
  thrusters: number;
  /** The first lift-off asks for confirmation; later ones do not. */
  seenWarning: boolean;
}

export interface Flight {
  seed: number;
  startedAt: number;
}

export interface Prestige {
  /** Stores carried over for the destroyed village's cache (item → amount); null once claimed or never. */
  stores: Record<string, number> | null;
  /** Sum of the scores of every earlier finished game. */
  score: number;
}

export interface Ending {
  /** This game's score and the total with the earlier games. */
  score: number;
  total: number;
  /** A fleet beacon was owned: the other ending's lines. */
  beacon: boolean;
}

/** One trip into the world. Its map is a copy, committed home only on a safe return. */
export interface Expedition {
  map: WorldMap;
  x: number;
  y: number;
  hp: number;
  water: number;
  /** What is carried; spent from and looted into during the trip, unpacked on return, lost on death. */
  bag: Record<string, number>;
  foodSteps: number;
  waterSteps: number;
  starving: boolean;
  thirsty: boolean;
  /** Outposts (`"x,y"`) already used on this trip. */
  usedOutposts: string[];
  /** Eligible moves since the last fight (reset per expedition). */
  fightSteps: number;
  /** What the trip achieved that takes effect at home (e.g. `ironmine`, `ship`, `executioner`). */
  flags: Record<string, true>;
  /** Which danger warning was last given: 0 none, 1 past iron armour's reach, 2 past steel's. */
  danger: 0 | 1 | 2;
}

export interface OpenEvent {
  id: string;
  scene: string;
  /** Numbers the scene's text shows (e.g. how much was lost). */
  params?: Record<string, number>;
  /** Loot on the ground, rolled when the scene opened (or when its fight was won), not yet taken. */
  loot?: Record<string, number>;
  /** The scene's buttons are locked until this clock time (the spec's one-second pauses). */
  readyAt?: number;
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
  /** `fabricator` and `ship`: unlocked by a safe return from the battleship and the crashed ship. */
  features: { outside: boolean; path: boolean; fabricator: boolean; ship: boolean };
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
  character: {
    perks: Record<string, true>;
    /** Unarmed attacks ever made, starvations and deaths by thirst: the perk counters. */
    punches: number;
    starved: number;
    dehydrated: number;
    /** Blueprints brought home, for the fabricator. */
    blueprints: Record<string, true>;
  };
  /** 0 none yet, 1 stealing, 2 dealt with (never again); `stolen` is what they took, in total. */
  thieves: { state: 0 | 1 | 2; stolen: Record<string, number> };
  /** The event on screen, if any; every device shows the same one. */
  event: OpenEvent | null;
  payouts: Payout[];
  /** The world as known at home; generated when the compass opens the path. */
  world: WorldMap | null;
  /** The loadout the path screen proposes (item → count), kept between trips. */
  outfit: Record<string, number>;
  expedition: Expedition | null;
  /** The fight on screen, part of the open event's scene; null when none. */
  fight: Fight | null;
  /** The starship being readied; null until the crashed ship has been found and brought home. */
  ship: ShipState | null;
  /** A lift-off in progress: the seed the flight's asteroids come from and when it began. */
  flight: Flight | null;
  /** What earlier finished games left to this one (kept across new games on the account). */
  prestige: Prestige;
  /** Set once the game is won: the ending's numbers. Nothing else runs after it. */
  ending: Ending | null;
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
    features: { outside: false, path: false, fabricator: false, ship: false },
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
    character: { perks: {}, punches: 0, starved: 0, dehydrated: 0, blueprints: {} },
    world: null,
    outfit: {},
    expedition: null,
    fight: null,
    ship: null,
    flight: null,
    prestige: { stores: null, score: 0 },
    ending: null,
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

import type { Cost, Ctx } from '../core/context.ts';
import type { GameState } from '../core/state.ts';
import type { EnemyDef } from '../combat/types.ts';

/** Room events need the player in the room, outside events in the village, global ones either. */
export type EventPool = 'room' | 'outside' | 'global' | 'world';

/** Loot as data: each row drops with `chance`, a whole number in [min, max] (both included). */
export type LootTable = Readonly<Record<string, { min: number; max: number; chance: number }>>;

/** Cumulative thresholds in (0, 1]: the first entry whose threshold exceeds the roll is taken. */
export type SceneChances = ReadonlyArray<readonly [threshold: number, scene: string]>;

/** `'end'` closes the event; a scene id or a chance table moves on; absent stays (a repeatable buy). */
export type Next = 'end' | string | SceneChances;

export interface EventCtx extends Ctx {
  /** Uniform in [0, 1) from the game's RNG. */
  random(): number;
  /** Uniform whole number in [min, max], both included. */
  randomInt(min: number, max: number): number;
  /** Numbers the current scene's text shows, e.g. `{ lost: 12 }`. */
  setParams(params: Record<string, number>): void;
  /** A reward paid `delayMs` of game time later, announced with `notice`; survives a reload. */
  promise(id: string, delayMs: number, reward: Cost, notice: string): void;
}

export interface EventButton {
  /**
   * Paid when chosen; the button is disabled while it cannot be paid. In the world it is paid from
   * the bag, and `water` and `hp` from the expedition's water and health; a glowstone in the bag
   * waives torches.
   */
  cost?: Cost;
  /** Milliseconds the button stays locked after its scene appears. */
  cooldown?: number;
  /** Replaces this event with another (by id), opened at its start. */
  nextEvent?: string;
  /** The button is disabled while this is false. */
  available?: (state: GameState) => boolean;
  /** Added to the stores when chosen. */
  reward?: Cost;
  /** Runs after the cost is paid and the reward given. */
  effect?: (ctx: EventCtx) => void;
  /** An i18n key said in the log when chosen. */
  notice?: string;
  next?: Next;
}

export interface EventScene {
  /** Runs first when the scene opens. */
  onLoad?: (ctx: EventCtx) => void;
  /** An i18n key said in the log when the scene opens. */
  notice?: string;
  /** Added to the stores when the scene opens. */
  reward?: Cost;
  /** Rolled when a story scene opens, or when its fight is won; taken into the bag. */
  loot?: LootTable;
  /** A fight scene: its buttons (or a default `leave`) show only once the enemy has fallen. */
  combat?: EnemyDef;
  /** In the order they are shown. */
  buttons: Readonly<Record<string, EventButton>>;
}

/**
 * An event as data. Its words live in the catalogs under `event.<id>.title`,
 * `event.<id>.<scene>.text` and `event.<id>.<scene>.<button>`.
 */
export interface EventDef {
  id: string;
  pool: EventPool;
  /** Whether it may open now (besides the player being where its pool needs). */
  available: (state: GameState) => boolean;
  scenes: Readonly<Record<string, EventScene>> & { start: EventScene };
}

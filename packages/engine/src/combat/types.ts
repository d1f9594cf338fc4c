/**
 * A status an enemy gives itself, on a timer (`specials`) or when its health falls past a mark.
 * `shift` takes one of shield, enrage and meditate at random, never the one it took last.
 */
export type EnemyAction = 'shield' | 'energise' | 'venom' | 'enrage' | 'meditate' | 'shift';

/** An enemy as data; its words live in the catalogs under `enemy.<id>.*`. */
export interface EnemyDef {
  id: string;
  /** One character drawn for it in the fight. */
  glyph: string;
  health: number;
  damage: number;
  /** Chance per attack to hit, 0–1. */
  hit: number;
  /** Seconds between attacks. */
  attackDelay: number;
  ranged: boolean;
  specials?: ReadonlyArray<{ delay: number; action: EnemyAction }>;
  /** Enemy health thresholds → what happens when a hit carries its health past them. */
  atHealth?: Readonly<Record<number, EnemyAction>>;
  /** Damage dealt to the player when it dies. */
  explosion?: number;
}

/**
 * The fight on screen, entirely on the game clock: every enemy timer is a due-time here, so
 * `advance` runs the enemy between the player's commands and a save holds the fight mid-swing.
 */
export interface Fight {
  /** The enemy's id; its numbers are the open scene's `combat`. */
  enemy: string;
  hp: number;
  /** Set when the enemy fell; the scene's buttons and loot show from then. */
  won: boolean;
  /**
   * Due-times on the game clock, null when stopped: `attack` (the enemy's next attack),
   * `special:<i>` (its i-th special), `dot` (the next tick of poison on the player), `explosion`
   * (the fuse of an enemy that explodes as it dies).
   */
  timers: Record<string, number | null>;
  /**
   * Statuses with when they end (null: until used up). The enemy: `shield`, `energised`,
   * `venomous`, `enraged`, `meditation` (one at a time) and `stunned`; the player: `shield` or `boost`.
   */
  enemyStatus: Record<string, number | null>;
  playerStatus: Record<string, number | null>;
  /** Damage the enemy has soaked while meditating, dealt back with its next attack. */
  pool: number;
  /** Damage each poison tick deals the player (absent or 0: not poisoned). */
  dot?: number;
  /** The status a `shift` special took last, so the next differs. */
  lastSpecial?: string;
}

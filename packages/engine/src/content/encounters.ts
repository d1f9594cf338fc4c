import type { GameState } from '../core/state.ts';
import type { EnemyDef } from '../combat/types.ts';
import type { EventDef, LootTable } from '../events/types.ts';

/** Distance tiers from the village (Manhattan): up to 10, 11–20, beyond 20 (spec events/05). */
export type Tier = 1 | 2 | 3;

/** The village's tile, where distances are measured from. */
const HOME = 30;

export function tierAt(x: number, y: number): Tier {
  const d = Math.abs(x - HOME) + Math.abs(y - HOME);
  return d <= 10 ? 1 : d <= 20 ? 2 : 3;
}

/** The exact tile letters encounters happen on: forest, field and barrens (roads and landmarks never). */
export const TERRAIN_CHARS = { forest: ';', field: ',', barrens: '.' } as const;
export type EncounterTerrain = keyof typeof TERRAIN_CHARS;

export interface Encounter {
  id: string;
  tier: Tier;
  terrain: EncounterTerrain;
  enemy: EnemyDef;
  loot: LootTable;
}

const foe = (id: string, glyph: string, health: number, damage: number, hit: number, attackDelay: number, ranged = false): EnemyDef => ({
  id,
  glyph,
  health,
  damage,
  hit,
  attackDelay,
  ranged,
});

/** A loot row, `min` and `max` both included (the spec's "effective" column). */
const row = (min: number, max: number, chance: number) => ({ min, max, chance });

/** E1–E11 of spec events/05, in its order. */
export const ENCOUNTER_TABLE: readonly Encounter[] = [
  {
    id: 'snarling_beast',
    tier: 1,
    terrain: 'forest',
    enemy: foe('snarling_beast', 'R', 5, 1, 0.8, 1),
    loot: { fur: row(1, 2, 1), meat: row(1, 2, 1), teeth: row(1, 2, 0.8) },
  },
  {
    id: 'gaunt_man',
    tier: 1,
    terrain: 'barrens',
    enemy: foe('gaunt_man', 'E', 6, 2, 0.8, 2),
    loot: { cloth: row(1, 2, 0.8), teeth: row(1, 1, 0.8), leather: row(1, 1, 0.5) },
  },
  {
    id: 'strange_bird',
    tier: 1,
    terrain: 'field',
    enemy: foe('strange_bird', 'R', 4, 3, 0.8, 2),
    loot: { scales: row(1, 2, 0.8), teeth: row(1, 1, 0.5), meat: row(1, 2, 0.8) },
  },
  {
    id: 'two_headed_creature',
    tier: 1,
    terrain: 'field',
    enemy: foe('two_headed_creature', 'K', 10, 2, 0.5, 3),
    loot: { fur: row(2, 3, 1), teeth: row(2, 2, 0.8), meat: row(2, 2, 0.8) },
  },
  {
    id: 'shivering_man',
    tier: 2,
    terrain: 'barrens',
    enemy: foe('shivering_man', 'E', 20, 5, 0.5, 1),
    loot: { cloth: row(1, 1, 0.2), teeth: row(1, 1, 0.8), leather: row(1, 1, 0.2), medicine: row(1, 2, 0.7) },
  },
  {
    id: 'man_eater',
    tier: 2,
    terrain: 'forest',
    enemy: foe('man_eater', 'T', 25, 3, 0.8, 1),
    loot: { fur: row(5, 9, 1), meat: row(5, 9, 1), teeth: row(5, 9, 0.8) },
  },
  {
    id: 'scavenger',
    tier: 2,
    terrain: 'barrens',
    enemy: foe('scavenger', 'E', 30, 4, 0.8, 2),
    loot: { cloth: row(5, 9, 0.8), leather: row(5, 9, 0.8), iron: row(1, 4, 0.5), medicine: row(1, 1, 0.1) },
  },
  {
    id: 'huge_lizard',
    tier: 2,
    terrain: 'field',
    enemy: foe('lizard', 'T', 20, 5, 0.8, 2),
    loot: { scales: row(5, 9, 0.8), teeth: row(5, 9, 0.5), meat: row(5, 9, 0.8) },
  },
  {
    id: 'feral_terror',
    tier: 3,
    terrain: 'forest',
    enemy: foe('feral_terror', 'T', 45, 6, 0.8, 1),
    loot: { fur: row(5, 9, 1), meat: row(5, 9, 1), teeth: row(5, 9, 0.8) },
  },
  {
    id: 'soldier',
    tier: 3,
    terrain: 'barrens',
    enemy: foe('soldier', 'D', 50, 8, 0.8, 2, true),
    loot: { cloth: row(5, 9, 0.8), bullets: row(1, 4, 0.5), rifle: row(1, 1, 0.2), medicine: row(1, 1, 0.1) },
  },
  {
    id: 'sniper',
    tier: 3,
    terrain: 'field',
    enemy: foe('sniper', 'D', 30, 15, 0.8, 4, true),
    loot: { cloth: row(5, 9, 0.8), bullets: row(1, 4, 0.5), rifle: row(1, 1, 0.2), medicine: row(1, 1, 0.1) },
  },
];

/** Whether an encounter can happen where the expedition stands: its distance tier and exact terrain. */
export function encounterFits(state: GameState, encounter: Pick<Encounter, 'tier' | 'terrain'>): boolean {
  const trip = state.expedition;
  if (!trip) return false;
  const char = trip.map.tiles[trip.x]?.[trip.y];
  return char === TERRAIN_CHARS[encounter.terrain] && tierAt(trip.x, trip.y) === encounter.tier;
}

/**
 * The fights found on the way, one event each (pool `world`): a single fight scene whose
 * `available` says where it can happen (distance tier and exact terrain). None has buttons of its
 * own, so a won fight offers the loot and a default `leave`.
 */
export const ENCOUNTERS: readonly EventDef[] = ENCOUNTER_TABLE.map((e) => ({
  id: e.id,
  pool: 'world',
  available: (state: GameState) => encounterFits(state, e),
  scenes: { start: { combat: e.enemy, loot: e.loot, buttons: {} } },
}));

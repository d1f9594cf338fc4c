/**
 * What the path screen shows, from the engine's selectors: the outfitting rows with their step
 * buttons, the bag's free space, armour and water, and whether (and when) the player can set out.
 */
import {
  armourTier,
  bagCapacity,
  check,
  COOLDOWNS,
  loadWeight,
  maxWater,
  outfitRows,
  type ArmourTier,
  type Command,
  type EngineError,
  type GameState,
  type OutfitRow,
} from '@smoulder/engine';

export const OUTFIT_STEPS = [-10, -1, 1, 10] as const;
export type OutfitStep = (typeof OUTFIT_STEPS)[number];

/** Embarking cools down after a death; the spec's 120 s if the engine names no group of its own. */
export const EMBARK_COOLDOWN = (COOLDOWNS as Readonly<Record<string, number>>).embark ?? 120_000;

/** +1 or +10 on a row the engine says cannot take one more. */
const NO_ROOM: EngineError = { code: 'action/unavailable', key: 'error.action.unavailable' };

export interface OutfitStepView {
  delta: OutfitStep;
  command: Command;
  blocked: EngineError | null;
}

export interface OutfitLine extends OutfitRow {
  steps: OutfitStepView[];
}

export interface PathView {
  rows: OutfitLine[];
  capacity: number;
  /** Free space, floored as the screen shows it. */
  free: number;
  armour: ArmourTier;
  water: number;
  /** Cured meat packed: without it there is no setting out. */
  meat: number;
  embark: { command: Command; blocked: EngineError | null; readyAt: number; cooldown: number };
}

export function pathView(state: GameState, now: number = state.clock): PathView {
  const rows = outfitRows(state).map((row) => ({
    ...row,
    steps: OUTFIT_STEPS.map((delta) => {
      const command: Command = { type: 'outfit', item: row.item, delta };
      // The engine's check has the last word; the row also knows whether one more fits.
      const blocked = check(state, command, now) ?? (delta > 0 && !row.canAdd ? NO_ROOM : null);
      return { delta, command, blocked };
    }),
  }));
  const packed = Object.fromEntries(rows.map((r) => [r.item, r.packed]));
  const capacity = bagCapacity(state);
  const embark: Command = { type: 'embark' };
  return {
    rows,
    capacity,
    free: Math.floor(capacity - loadWeight(packed)),
    armour: armourTier(state),
    water: maxWater(state),
    meat: rows.find((r) => r.item === 'cured meat')?.packed ?? 0,
    embark: {
      command: embark,
      blocked: check(state, embark, now),
      readyAt: state.cooldowns.embark ?? 0,
      cooldown: EMBARK_COOLDOWN,
    },
  };
}

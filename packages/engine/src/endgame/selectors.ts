/** Pure views of the endgame for the client: the fabricator's list, the ship, the score. */
import { check } from '../apply.ts';
import type { Command } from '../core/commands.ts';
import { stock, type Cost } from '../core/context.ts';
import type { EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { SHIP_PART_COST } from './ship.ts';
import { visibleFabrications } from './fabricator.ts';
import { scoreBreakdown, type ScoreBreakdown } from './score.ts';
import type { FabricationType } from '../content/fabricator.ts';
import { BLUEPRINTS } from '../world/home.ts';

export interface FabricatorRow {
  command: Command;
  item: string;
  type: FabricationType;
  cost: Cost;
  /** How many one fabrication makes. */
  yield: number;
  owned: number;
  max: number | null;
  /** Why it cannot be made now (at its maximum, not enough alloy, away), or null. */
  blocked: EngineError | null;
}

/** The fabricator's list: every recipe whose blueprint (if it needs one) is home. */
export function fabricatorRows(state: GameState, now: number = state.clock): FabricatorRow[] {
  return visibleFabrications(state).map((def) => {
    const command: Command = { type: 'fabricate', item: def.id };
    return {
      command,
      item: def.id,
      type: def.type,
      cost: def.cost,
      yield: def.yield,
      owned: Math.floor(stock(state, def.id)),
      max: def.max ?? null,
      blocked: check(state, command, now),
    };
  });
}

/** The blueprints brought home, in the order the fabricator lists them. */
export function ownedBlueprints(state: GameState): string[] {
  return BLUEPRINTS.filter((name) => state.character.blueprints[name]);
}

export interface ShipPartView {
  command: Command;
  cost: Cost;
  blocked: EngineError | null;
}

export interface ShipView {
  hull: number;
  thrusters: number;
  /** Alien alloy at hand, for the panel's line. */
  alloy: number;
  reinforce: ShipPartView;
  upgrade: ShipPartView;
  /** Whether the ship is fit to fly: some hull, not already in flight, the game not over (the lift-off's own cooldown is the flight's). */
  canLiftOff: boolean;
  /** Asked to confirm on the first lift-off only. */
  seenWarning: boolean;
}

/** The ship tab's view, or null while the ship is not found. */
export function shipView(state: GameState, now: number = state.clock): ShipView | null {
  const ship = state.ship;
  if (!state.features.ship || !ship) return null;
  const part = (command: Command): ShipPartView => ({ command, cost: SHIP_PART_COST, blocked: check(state, command, now) });
  return {
    hull: ship.hull,
    thrusters: ship.thrusters,
    alloy: Math.floor(stock(state, 'alien alloy')),
    reinforce: part({ type: 'reinforce_hull' }),
    upgrade: part({ type: 'upgrade_engine' }),
    canLiftOff: ship.hull > 0 && state.flight === null && state.ending === null,
    seenWarning: ship.seenWarning,
  };
}

/** What the stores would score now (the ending shows the same reckoning at victory). */
export function scoreView(state: GameState): ScoreBreakdown {
  return scoreBreakdown(state.stores, state.ship?.hull ?? 0);
}

export interface EndingView {
  score: number;
  total: number;
  beacon: boolean;
  /** The reckoning behind `score`, from the stores as they were left. */
  breakdown: ScoreBreakdown;
}

/** The ending screen's numbers, or null while the game goes on. */
export function endingView(state: GameState): EndingView | null {
  if (!state.ending) return null;
  return { ...state.ending, breakdown: scoreView(state) };
}

import { milestone, missingFor, pay, notice, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState, ShipState } from '../core/state.ts';

/** The starship as found (spec core/07 §1): no hull yet, one thruster. */
export const BASE_HULL = 0;
export const BASE_THRUSTERS = 1;
/** What each hull point and each thruster costs. */
export const SHIP_PART_COST = { 'alien alloy': 1 } as const;

/**
 * What a safe return has unlocked, judged after every change (so a save that already holds the
 * flags is repaired too): the crashed starship's flag opens the ship, the battleship's the fabricator.
 */
export function unlockEndgame(ctx: Ctx): void {
  const { state } = ctx;
  if (state.ending) return;
  if (state.flags.ship && !state.features.ship) {
    state.features.ship = true;
    state.ship ??= { hull: BASE_HULL, thrusters: BASE_THRUSTERS, seenWarning: false };
    milestone(ctx, 'ship_unlocked');
  }
  if (state.flags.executioner && !state.features.fabricator) {
    state.features.fabricator = true;
    milestone(ctx, 'fabricator');
  }
}

function checkShipPart(state: GameState): EngineError | null {
  if (!state.features.ship || !state.ship || state.flight) return engineError('action/unavailable', 'error.action.unavailable');
  if (state.location === 'world') return engineError('world/away', 'error.world.away');
  const missing = missingFor(state, SHIP_PART_COST);
  return missing ? engineError('cost/not_enough', 'error.cost.not_enough', { resource: missing }) : null;
}

export const checkReinforceHull = (state: GameState) => checkShipPart(state);
export const checkUpgradeEngine = (state: GameState) => checkShipPart(state);

function addPart(ctx: Ctx, part: keyof Pick<ShipState, 'hull' | 'thrusters'>, key: string): void {
  const ship = ctx.state.ship!;
  pay(ctx.state, SHIP_PART_COST);
  ship[part] += 1;
  notice(ctx, key, { amount: ship[part] });
}

/** One alien alloy, one more point of hull; lift-off needs at least one. */
export function reinforceHull(ctx: Ctx): void {
  addPart(ctx, 'hull', 'notice.ship.hull');
}

/** One alien alloy, one more thruster: the ship moves faster in flight. */
export function upgradeEngine(ctx: Ctx): void {
  addPart(ctx, 'thrusters', 'notice.ship.engine');
}

import { missingFor, notice, pay, stock, addStore, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { FABRICATIONS, fabricationById, type FabricationDef } from '../content/fabricator.ts';

/** A recipe is on the list once the fabricator is open and, for a blueprint item, its blueprint is home. */
export function isFabricationVisible(state: GameState, def: FabricationDef): boolean {
  return state.features.fabricator && (!def.blueprint || state.character.blueprints[def.id] === true);
}

export function visibleFabrications(state: GameState): FabricationDef[] {
  return FABRICATIONS.filter((def) => isFabricationVisible(state, def));
}

/** Whether one more may be made: the maximum is enforced here (the original only greyed the button). */
export function atMaximum(state: GameState, def: FabricationDef): boolean {
  return def.max !== undefined && stock(state, def.id) >= def.max;
}

export function checkFabricate(state: GameState, id: string): EngineError | null {
  const def = typeof id === 'string' ? fabricationById(id) : undefined;
  if (!def || !isFabricationVisible(state, def)) return engineError('action/unavailable', 'error.action.unavailable');
  if (state.location === 'world') return engineError('world/away', 'error.world.away');
  if (atMaximum(state, def)) return engineError('build/maxed', 'error.craft.maxed', { item: id });
  const missing = missingFor(state, def.cost);
  return missing ? engineError('cost/not_enough', 'error.cost.not_enough', { resource: missing }) : null;
}

/** Alien alloy in, the item out (five hypos at a time), never past the item's maximum. */
export function fabricate(ctx: Ctx, id: string): void {
  const def = fabricationById(id)!;
  pay(ctx.state, def.cost);
  const room = def.max === undefined ? def.yield : Math.max(0, def.max - stock(ctx.state, id));
  addStore(ctx.state, id, Math.min(def.yield, room));
  notice(ctx, 'notice.fabricator.done', { item: id });
}

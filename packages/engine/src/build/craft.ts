import { missingFor, notice, pay, stock, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { CRAFTS, craftById, type CraftDef } from '../content/crafts.ts';
import { tooCold } from './build.ts';
import { couldAffordSoon } from './unlock.ts';

const hasWorkshop = (state: GameState) => state.room.builder >= 4 && (state.outside.buildings.workshop ?? 0) > 0;

export function isCraftVisible(state: GameState, craft: CraftDef): boolean {
  return hasWorkshop(state) && (state.seen.crafts.includes(craft.id) || couldAffordSoon(state, craft.cost));
}

export function revealCrafts(ctx: Ctx): void {
  if (!hasWorkshop(ctx.state)) return;
  for (const craft of CRAFTS) {
    if (ctx.state.seen.crafts.includes(craft.id) || !couldAffordSoon(ctx.state, craft.cost)) continue;
    ctx.state.seen.crafts.push(craft.id);
    notice(ctx, 'notice.craft.available', { item: craft.id });
  }
}

export function checkCraft(state: GameState, id: string): EngineError | null {
  const craft = craftById(id);
  if (!craft || !isCraftVisible(state, craft)) return engineError('action/unavailable', 'error.action.unavailable');
  const cold = tooCold(state);
  if (cold) return cold;
  if (craft.max !== undefined && stock(state, id) >= craft.max) {
    return engineError('build/maxed', 'error.craft.maxed', { item: id });
  }
  const missing = missingFor(state, craft.cost);
  return missing ? engineError('cost/not_enough', 'error.cost.not_enough', { resource: missing }) : null;
}

export function craft(ctx: Ctx, id: string): void {
  const item = craftById(id)!;
  pay(ctx.state, item.cost);
  ctx.state.stores[id] = stock(ctx.state, id) + 1;
  notice(ctx, 'notice.craft.done', { item: id });
}

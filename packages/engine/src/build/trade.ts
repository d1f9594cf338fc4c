import { milestone, missingFor, notice, pay, stock, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { GOODS, goodById, type GoodDef } from '../content/goods.ts';

const hasTradingPost = (state: GameState) => (state.outside.buildings['trading post'] ?? 0) > 0;

/** A good is offered once its store has ever existed; the compass always is. */
export function isGoodOffered(state: GameState, good: GoodDef): boolean {
  return hasTradingPost(state) && (good.alwaysOffered === true || good.id in state.stores);
}

export function offeredGoods(state: GameState): GoodDef[] {
  return GOODS.filter((good) => isGoodOffered(state, good));
}

export function checkBuy(state: GameState, id: string): EngineError | null {
  const good = goodById(id);
  if (!good || !isGoodOffered(state, good)) return engineError('action/unavailable', 'error.action.unavailable');
  if (good.max !== undefined && stock(state, id) >= good.max) {
    return engineError('build/maxed', 'error.craft.maxed', { item: id });
  }
  const missing = missingFor(state, good.price);
  return missing ? engineError('cost/not_enough', 'error.cost.not_enough', { resource: missing }) : null;
}

export function buy(ctx: Ctx, id: string): void {
  const good = goodById(id)!;
  pay(ctx.state, good.price);
  ctx.state.stores[id] = stock(ctx.state, id) + 1;
  notice(ctx, 'notice.trade.bought', { item: id });
  if (id === 'compass') openPath(ctx);
}

/** The compass points the way out: the path opens (the world itself is drawn by the path). */
export function openPath(ctx: Ctx): void {
  if (ctx.state.features.path) return;
  ctx.state.features.path = true;
  notice(ctx, 'notice.path.opened');
  milestone(ctx, 'compass');
}

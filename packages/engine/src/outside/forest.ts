import { milestone, notice, type Ctx } from '../core/context.ts';
import { startIncome } from '../core/income.ts';

/** The forest opens: a little wood to start with, the Outside view, and idle hands gather. */
export function openForest(ctx: Ctx): void {
  const { state } = ctx;
  state.timers.forest = null;
  if (state.features.outside) return;
  state.stores.wood = 4;
  state.features.outside = true;
  startIncome(ctx, 'gatherer');
  notice(ctx, 'notice.forest.wind');
  notice(ctx, 'notice.forest.wood_low');
  milestone(ctx, 'forest_opened');
}

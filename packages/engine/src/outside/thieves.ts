import { addStore, milestone, notice, type Ctx } from '../core/context.ts';
import { startIncome } from '../core/income.ts';
import { storeGroup, THIEF_THRESHOLD } from '../content/items.ts';

/** Once the way out is open, a hoard of any one resource draws thieves (only once a game). */
export function watchForThieves(ctx: Ctx): void {
  const { state } = ctx;
  if (state.thieves.state !== 0 || !state.features.path) return;
  const tempting = Object.entries(state.stores).some(
    ([id, amount]) => storeGroup(id) === 'resources' && amount > THIEF_THRESHOLD,
  );
  if (!tempting) return;
  state.thieves.state = 1;
  startIncome(ctx, 'thieves');
  notice(ctx, 'notice.thieves.begin');
  milestone(ctx, 'thieves');
}

/** The thieves are dealt with: they stop for good, and maybe what they took comes back. */
export function endThieves(ctx: Ctx, returnGoods: boolean): void {
  const { state } = ctx;
  state.thieves.state = 2;
  delete state.income.thieves;
  if (!returnGoods) return;
  for (const [resource, amount] of Object.entries(state.thieves.stolen)) addStore(state, resource, amount);
  state.thieves.stolen = {};
}

import { notice, type Ctx } from './context.ts';

export function grantPerk(ctx: Ctx, perk: string): void {
  if (ctx.state.character.perks[perk]) return;
  ctx.state.character.perks[perk] = true;
  notice(ctx, 'notice.perk.learned', { perk });
}

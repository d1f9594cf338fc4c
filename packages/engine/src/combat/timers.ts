import type { Ctx } from '../core/context.ts';
import type { GameState } from '../core/state.ts';

/** The earliest enemy attack, special, damage-over-time tick or fuse due, or null without a fight. */
export function nextFightDueAt(_state: GameState): number | null {
  return null;
}

/** Runs whatever of the fight is due at `ctx.now`. */
export function runFight(_ctx: Ctx): void {}

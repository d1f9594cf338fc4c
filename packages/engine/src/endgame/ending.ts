import type { Ctx } from '../core/context.ts';

/**
 * The game is won: the score reckoned from the stores, the prestige carried forward, the ending
 * recorded in `state.ending`, and every village timer stopped.
 */
export function finishGame(_ctx: Ctx): void {}

import { milestone, stock, type Ctx } from '../core/context.ts';
import { cloneState } from '../core/clone.ts';
import { newGame, type GameState } from '../core/state.ts';
import { carryOver } from './prestige.ts';
import { score } from './score.ts';

/**
 * The game is won: the score reckoned from the stores, the prestige carried forward, the ending
 * recorded in `state.ending`, and every village timer stopped. Nothing falls due after it
 * (`nextDueAt` is null once `ending` is set, so a server's wake-up timer is never armed again) and
 * every command but the options is refused; the game goes on only as the next one (`nextGame`).
 */
export function finishGame(ctx: Ctx): void {
  const { state } = ctx;
  if (state.ending) return;
  const points = score(state.stores, state.ship?.hull ?? 0);
  const total = state.prestige.score + points;
  state.prestige = { stores: carryOver(state.rng, state.stores), score: total };
  state.ending = { score: points, total, beacon: stock(state, 'fleet beacon') > 0 };
  state.event = null;
  state.fight = null;
  milestone(ctx, 'game_won');
}

/**
 * The next game on the account: a new game from `seed` that inherits what the finished one
 * carried forward (the cache's stores and the total score), and the player's options; it starts at
 * the `prestige_restart` milestone. Nothing else
 * (perks, blueprints, buildings, map) carries over.
 */
export function nextGame(finished: GameState, seed: number): GameState {
  const state = newGame(seed);
  const carried = cloneState(finished);
  state.prestige = carried.prestige;
  state.config = carried.config;
  state.milestones.prestige_restart = 0;
  return state;
}

import { addStore, milestone, notice, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { reveal } from '../world/effects.ts';
import { EMBARK_COOLDOWN_GROUP } from '../world/home.ts';
import { VILLAGE, lightRadius } from '../world/selectors.ts';
import { clampedOutfit, maxHealth, maxWater } from './capacity.ts';

/**
 * Setting out: needs cured meat packed and the embark cooldown (after a death) run out. `now`
 * defaults to the state's clock; `apply` passes the time the command is judged at.
 */
export function checkEmbark(state: GameState, now: number = state.clock): EngineError | null {
  if (state.location === 'world' || state.expedition) return engineError('world/away', 'error.world.away');
  if (!state.features.path || !state.world) return engineError('action/unavailable', 'error.action.unavailable');
  const readyAt = state.cooldowns[EMBARK_COOLDOWN_GROUP] ?? 0;
  if (readyAt > now) {
    return engineError('action/cooling_down', 'error.action.cooling_down', { seconds: Math.ceil((readyAt - now) / 1000) });
  }
  if ((clampedOutfit(state)['cured meat'] ?? 0) < 1) {
    return engineError('cost/not_enough', 'error.cost.not_enough', { resource: 'cured meat' });
  }
  return null;
}

/**
 * Out of the village with the loadout (clamped to the stock) taken from the stores into the bag,
 * full water and health, on a copy of the map that comes home only with the player.
 */
export function embark(ctx: Ctx): void {
  const { state } = ctx;
  const bag = clampedOutfit(state);
  for (const [item, count] of Object.entries(bag)) addStore(state, item, -count);
  state.outfit = { ...bag };
  const map = structuredClone(state.world!);
  reveal(map, VILLAGE.x, VILLAGE.y, lightRadius(state));
  state.expedition = {
    map,
    x: VILLAGE.x,
    y: VILLAGE.y,
    hp: maxHealth(state),
    water: maxWater(state),
    bag,
    foodSteps: 0,
    waterSteps: 0,
    starving: false,
    thirsty: false,
    usedOutposts: [],
    fightSteps: 0,
    flags: {},
    danger: 0,
  };
  state.location = 'world';
  delete state.cooldowns[EMBARK_COOLDOWN_GROUP];
  notice(ctx, 'notice.world.embark');
  milestone(ctx, 'first_embark');
}

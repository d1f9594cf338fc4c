/**
 * Saves to start a player from, built through the engine's own rules (so every timer is where the
 * rules put it), for the recovery tests and the load benchmark.
 */
import { grantBuilding } from '../../packages/engine/src/build/build.ts';
import type { Ctx } from '../../packages/engine/src/core/context.ts';
import type { GameState } from '../../packages/engine/src/core/state.ts';
import { helpingBuilder } from '../../packages/engine/src/testing/play.ts';

/**
 * The builder helps, the room is warm, the trading post stands and the stores are deep: traps and
 * huts can be built one after the other and scales and teeth bought again and again, so a client
 * can make an acknowledged, countable change several times a second. No random event opens.
 */
export function buildersVillage(seed = 1): GameState {
  const opening = helpingBuilder(seed);
  const ctx: Ctx = { state: structuredClone(opening), now: opening.clock, events: [] };
  grantBuilding(ctx, 'trading post', 1);
  const state = ctx.state;
  // The trading post offers a good once its store exists: scales and teeth start at none.
  state.stores = { ...state.stores, wood: 1_000_000, fur: 1_000_000, meat: 10_000, scales: 0, teeth: 0 };
  state.room.fire = 4;
  state.room.temperature = 4;
  return state;
}

/**
 * A village some way in, for players of the load benchmark: a few traps and huts, villagers, the
 * trading post and lodge, moderate stores, and random events left on (players answer them).
 */
export function midGameVillage(seed = 1): GameState {
  const opening = helpingBuilder(seed);
  const ctx: Ctx = { state: structuredClone(opening), now: opening.clock, events: [] };
  for (const [id, count] of [['cart', 1], ['trap', 4], ['hut', 3], ['lodge', 1], ['trading post', 1]] as const) {
    ctx.now += 1_370;
    ctx.state.clock = ctx.now;
    grantBuilding(ctx, id, count);
  }
  const state = ctx.state;
  state.outside.population = 8;
  state.stores = { ...state.stores, wood: 2_000, fur: 1_500, meat: 400, bait: 20, scales: 30, teeth: 20 };
  state.room.fire = 4;
  state.room.temperature = 4;
  // Events are back on: the first one falls due a few minutes in, at a different moment per seed.
  state.timers.event = state.clock + 60_000 + (seed % 240) * 1_000;
  return state;
}

import type { Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import type { GameState } from '../core/state.ts';
import { bagCapacity, fits, freeSpace, weightTenths } from '../path/capacity.ts';
import { checkChoice, choose } from './engine.ts';
import { fighting, sceneButtons } from './scene.ts';

/*
 * The loot on the ground of the open scene (spec events/01 §7.2): taken into the bag one at a time,
 * a row at a time or all that fits; when something does not fit, enough of something carried is
 * dropped to make room (and lies on the ground in its turn). What is left is lost with the scene.
 */

export { rollLoot } from './scene.ts';

const BAG_FULL = engineError('bag/full', 'error.bag.full');
const UNAVAILABLE = engineError('action/unavailable', 'error.action.unavailable');

/** Loot can be taken out in the world, from an open scene whose fight (if any) is won. */
function ground(state: GameState): Record<string, number> | null {
  if (state.location !== 'world' || !state.expedition || !state.event?.loot || fighting(state)) return null;
  return state.event.loot;
}

/** How many of `item` fit in the bag now. */
export function roomFor(state: GameState, item: string): number {
  const trip = state.expedition;
  if (!trip) return 0;
  return fits(freeSpace(bagCapacity(state), trip.bag), item);
}

function move(state: GameState, item: string, count: number): void {
  const loot = state.event!.loot!;
  const bag = state.expedition!.bag;
  bag[item] = (bag[item] ?? 0) + count;
  const left = (loot[item] ?? 0) - count;
  if (left > 0) loot[item] = left;
  else delete loot[item];
}

/** Taking what lies on the ground into the bag, one, a row, or everything that fits. */
export function checkTake(state: GameState, item: string, _all: boolean): EngineError | null {
  const loot = ground(state);
  if (!loot || !Object.hasOwn(loot, item) || !(loot[item] > 0)) return UNAVAILABLE;
  return roomFor(state, item) >= 1 ? null : BAG_FULL;
}

export function take(ctx: Ctx, item: string, all: boolean): void {
  const { state } = ctx;
  const count = all ? Math.min(state.event!.loot![item], roomFor(state, item)) : 1;
  move(state, item, count);
}

export function checkTakeEverything(state: GameState): EngineError | null {
  const loot = ground(state);
  if (!loot || !Object.values(loot).some((n) => n > 0)) return UNAVAILABLE;
  return Object.keys(loot).some((item) => loot[item] > 0 && roomFor(state, item) >= 1) ? null : BAG_FULL;
}

/**
 * Every row, as much as fits, in the order they lie. When all of it fit and the scene has a single
 * way out, that way is taken too (the spec's "take everything and leave"), if it can be now.
 */
export function takeEverything(ctx: Ctx): void {
  const { state } = ctx;
  const loot = state.event!.loot!;
  for (const item of Object.keys(loot)) {
    const count = Math.min(loot[item], roomFor(state, item));
    if (count > 0) move(state, item, count);
  }
  if (Object.keys(loot).length > 0) return;
  const buttons = sceneButtons(state);
  if (buttons.length !== 1) return;
  const [button] = buttons[0];
  if (checkChoice(state, button) === null) choose(ctx, button);
}

/**
 * How many of the carried `item` must go so one `wanted` fits: ceil((weight − free) / itemWeight),
 * capped at what is carried; null when the wanted already fits or nothing of `item` is carried.
 */
export function dropCount(state: GameState, item: string, wanted: string): number | null {
  const trip = state.expedition;
  const carried = Math.floor(trip?.bag[item] ?? 0);
  if (!trip || carried <= 0) return null;
  const freeTenths = Math.round(freeSpace(bagCapacity(state), trip.bag) * 10);
  const need = weightTenths(wanted) - freeTenths;
  if (need <= 0) return null;
  return Math.min(carried, Math.ceil(need / weightTenths(item)));
}

/** Dropping enough of one carried item to make room for one of another on the ground. */
export function checkDrop(state: GameState, item: string, take: string): EngineError | null {
  const loot = ground(state);
  if (!loot || item === take || !Object.hasOwn(loot, take) || !(loot[take] > 0)) return UNAVAILABLE;
  const count = dropCount(state, item, take);
  if (count === null) return UNAVAILABLE;
  const trip = state.expedition!;
  const freeAfter = Math.round(freeSpace(bagCapacity(state), trip.bag) * 10) + count * weightTenths(item);
  return freeAfter >= weightTenths(take) ? null : BAG_FULL;
}

export function drop(ctx: Ctx, item: string, take: string): void {
  const { state } = ctx;
  const count = dropCount(state, item, take)!;
  const bag = state.expedition!.bag;
  const loot = state.event!.loot!;
  const left = bag[item] - count;
  if (left > 0) bag[item] = left;
  else delete bag[item];
  loot[item] = (loot[item] ?? 0) + count;
  move(state, take, 1);
}

import type { Ctx } from '../core/context.ts';

/*
 * What landmark scenes do to the world. Each acts on the expedition's own copy of the map (the
 * player's current tile), so it reaches home only on a safe return; `revealAround` is the exception,
 * writing the map kept at home, as the scout's map does.
 */

/** The current landmark is done: from now on it is plain ground (the spec's `!` tiles). */
export function markVisited(_ctx: Ctx): void {}

/** A dungeon (cave, town, city, battleship) cleared: its tile becomes an outpost, joined by a road. */
export function clearDungeon(_ctx: Ctx): void {}

/** A road from the current tile to the nearest road, outpost or the village (the spec's §9 rule). */
export function drawRoad(_ctx: Ctx): void {}

/** Something the trip achieved that takes effect at home (`ironmine`, `coalmine`, `sulphurmine`, `ship`, `executioner`, `cityCleared`…). */
export function setTripFlag(_ctx: Ctx, _flag: string): void {}

/** Water back to the most the player can carry. */
export function refillWater(_ctx: Ctx): void {}

/** The outpost under the player is used for the rest of this trip. */
export function useOutpost(_ctx: Ctx): void {}

/** A map's worth of knowledge: a random unseen tile and everything within 5 of it revealed, at home. */
export function revealAround(_ctx: Ctx): void {}

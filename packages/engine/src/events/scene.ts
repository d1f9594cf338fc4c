import type { Ctx } from '../core/context.ts';
import { nextFloat, type RngState } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { eventById } from '../content/events/index.ts';
import type { EventButton, EventScene, LootTable } from './types.ts';

/*
 * The open scene as data, shared by the event engine and the fight: which buttons it shows, the
 * loot it leaves and the pause before its buttons unlock.
 */

/** The spec's one-second pause on the buttons of a won fight and of loot scenes. */
export const LEAVE_COOLDOWN = 1000;

/** A won fight whose scene has no buttons of its own offers this: leave, after a second. */
export const DEFAULT_LEAVE: EventButton = { cooldown: LEAVE_COOLDOWN, next: 'end' };
export const DEFAULT_LEAVE_ID = 'leave';

export function openScene(state: GameState): EventScene | null {
  const open = state.event;
  if (!open) return null;
  return eventById(open.id)?.scenes[open.scene] ?? null;
}

/** A fight is on in the open scene and the enemy still stands (or is about to explode). */
export function fighting(state: GameState): boolean {
  return !!state.fight && !state.fight.won;
}

/**
 * The scene's buttons as shown: none while its fight is on; after a won fight the scene's own, or a
 * default `leave` when it has none.
 */
export function sceneButtons(state: GameState): Array<[string, EventButton]> {
  const scene = openScene(state);
  if (!scene) return [];
  if (scene.combat && state.fight) {
    if (!state.fight.won) return [];
    const own = Object.entries(scene.buttons);
    return own.length > 0 ? own : [[DEFAULT_LEAVE_ID, DEFAULT_LEAVE]];
  }
  return Object.entries(scene.buttons);
}

/**
 * Rolls a loot table: each row independently with its chance, then a whole number in [min, max]
 * (both included). Rows that roll nothing are left out.
 */
export function rollLoot(rng: RngState, table: LootTable): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [item, row] of Object.entries(table)) {
    if (nextFloat(rng) >= row.chance) continue;
    const count = row.min + Math.floor(nextFloat(rng) * (row.max - row.min + 1));
    if (count > 0) out[item] = (out[item] ?? 0) + count;
  }
  return out;
}

/**
 * The scene's buttons appear: its loot is rolled onto the ground and the buttons that have a
 * cooldown are locked for the longest of them.
 */
export function showButtons(ctx: Ctx, scene: EventScene): void {
  const open = ctx.state.event;
  if (!open) return;
  if (scene.loot) open.loot = rollLoot(ctx.state.rng, scene.loot);
  const pause = Math.max(0, ...sceneButtons(ctx.state).map(([, b]) => b.cooldown ?? 0));
  if (pause > 0) open.readyAt = ctx.now + pause;
  else delete open.readyAt;
}

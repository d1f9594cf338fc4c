import type { EventCtx, EventDef, EventScene } from '../../events/types.ts';
import { drawRoad, markVisited, setTripFlag } from '../../world/effects.ts';
import { drop, enemy, go } from './a-kit.ts';

/*
 * S8–S10: the three mines. Winning the last fight secures the mine: a road is drawn from it, the
 * trip remembers it (`ironmine` / `coalmine` / `sulphurmine`, which grants the building on a safe
 * return) and the tile is plain ground from then on. Running between fights changes nothing: the
 * next visit starts over.
 */

/** The mine's last scene, opened once its keepers are dead. */
function secured(flag: 'ironmine' | 'coalmine' | 'sulphurmine'): EventScene {
  return {
    onLoad: (ctx: EventCtx) => {
      drawRoad(ctx);
      setTripFlag(ctx, flag);
      markVisited(ctx);
    },
    buttons: { leave: go('end') },
  };
}

/** A fight in a row of three: after the win, on to `next` or run (both locked for a second). */
function assault(foe: EventScene['combat'], loot: EventScene['loot'], next: string): EventScene {
  return { combat: foe, loot, buttons: { continue: go(next, true), run: go('end', true) } };
}

/** S8: one beast, the pack's matriarch, holds the iron mine; going in takes a torch. */
export const ironmine: EventDef = {
  id: 'ironmine',
  pool: 'world',
  available: () => false,
  scenes: {
    start: { buttons: { enter: { cost: { torch: 1 }, next: 'enter' }, leave: go('end') } },
    enter: {
      combat: enemy('mine_matriarch', 'T', 10, 4, 2),
      loot: { teeth: drop(5, 9), scales: drop(5, 9, 0.8), cloth: drop(5, 9, 0.5) },
      buttons: { leave: go('cleared', true) },
    },
    cleared: secured('ironmine'),
  },
};

const campGuard = enemy('camp_guard', 'E', 10, 3, 2);
const CAMP_GUARD_LOOT = { 'cured meat': drop(1, 4, 0.8), cloth: drop(1, 4, 0.8) };

/** S9: an armed camp on the coal mine; two of its men, then its chief. */
export const coalmine: EventDef = {
  id: 'coalmine',
  pool: 'world',
  available: () => false,
  scenes: {
    start: { buttons: { attack: go('a1'), leave: go('end') } },
    a1: assault(campGuard, CAMP_GUARD_LOOT, 'a2'),
    a2: assault(campGuard, CAMP_GUARD_LOOT, 'a3'),
    a3: {
      combat: enemy('camp_chief', 'D', 20, 5, 2),
      loot: { 'cured meat': drop(5, 9), cloth: drop(5, 9, 0.8), iron: drop(1, 4, 0.8) },
      buttons: { continue: go('cleared', true) },
    },
    cleared: secured('coalmine'),
  },
};

const soldier = enemy('perimeter_soldier', 'D', 50, 8, 2, { ranged: true });
const SOLDIER_LOOT = { 'cured meat': drop(1, 4, 0.8), bullets: drop(1, 4, 0.5), rifle: drop(1, 1, 0.2) };

/** S10: soldiers hold the sulphur mine; two of them, then their veteran with a bayonet. */
export const sulphurmine: EventDef = {
  id: 'sulphurmine',
  pool: 'world',
  available: () => false,
  scenes: {
    start: { buttons: { attack: go('a1'), leave: go('end') } },
    a1: assault(soldier, SOLDIER_LOOT, 'a2'),
    a2: assault(soldier, SOLDIER_LOOT, 'a3'),
    a3: {
      combat: enemy('mine_veteran', 'D', 65, 10, 2),
      loot: { bayonet: drop(1, 1, 0.5), 'cured meat': drop(1, 4, 0.8) },
      buttons: { continue: go('cleared', true) },
    },
    cleared: secured('sulphurmine'),
  },
};

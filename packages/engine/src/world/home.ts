import { addStore, milestone, notice, type Ctx } from '../core/context.ts';
import { grantPerk } from '../core/perks.ts';
import type { GameState } from '../core/state.ts';
import { CRAFTS } from '../content/crafts.ts';
import { grantBuilding } from '../build/build.ts';

export type DeathCause = 'combat' | 'starvation' | 'thirst';

/** After a death the embark button cools down this long (spec 05 §10), in cooldown group `embark`. */
export const DEATH_COOLDOWN = 120_000;
export const EMBARK_COOLDOWN_GROUP = 'embark';

/** Deaths of one kind that teach its perk. */
export const PERK_DEATHS = 10;

/** Mines a trip can clear: its flag, the building granted on a safe return, the milestone. */
const MINES = [
  { flag: 'ironmine', building: 'iron mine', milestone: 'ironmine_cleared' },
  { flag: 'coalmine', building: 'coal mine', milestone: 'coalmine_cleared' },
  { flag: 'sulphurmine', building: 'sulphur mine', milestone: 'sulphurmine_cleared' },
] as const;

const MINE_NOTICES: Readonly<Record<(typeof MINES)[number]['flag'], string>> = {
  ironmine: 'notice.world.home.ironmine',
  coalmine: 'notice.world.home.coalmine',
  sulphurmine: 'notice.world.home.sulphurmine',
};

/** Blueprints a trip can bring home; each is redeemed for the fabricator instead of stored. */
export const BLUEPRINTS = ['hypo', 'kinetic armour', 'disruptor', 'plasma rifle', 'stim', 'glowstone'] as const;

/** What the path screen keeps proposing after a trip (spec 04 §6.6); anything else is unpacked to 0. */
const WORLD_WEAPONS = [
  'fists',
  'bone spear',
  'iron sword',
  'steel sword',
  'bayonet',
  'rifle',
  'laser rifle',
  'grenade',
  'bolas',
  'plasma rifle',
  'energy blade',
  'disruptor',
];
export const REMEMBERED: ReadonlySet<string> = new Set([
  'cured meat',
  'bullets',
  'energy cell',
  'charm',
  'medicine',
  'stim',
  'hypo',
  ...WORLD_WEAPONS,
  ...CRAFTS.map((c) => c.id),
]);

/** Trip flags that are not lasting facts: the mines, handled above. */
const MINE_FLAGS: ReadonlySet<string> = new Set(MINES.map((m) => m.flag));

/**
 * Back on the village tile: the trip's map and flags committed, mines granted, blueprints redeemed,
 * the bag unpacked into the stores, the remembered part of the loadout kept for next time.
 */
export function goHome(ctx: Ctx): void {
  const { state } = ctx;
  const trip = state.expedition;
  if (!trip) return;
  // 1. The map as walked: visited landmarks, outposts, roads, what was seen.
  state.world = trip.map;
  // 2. Cleared mines stand in the village from now on, their jobs open.
  for (const mine of MINES) {
    if (!trip.flags[mine.flag] || (state.outside.buildings[mine.building] ?? 0) > 0) continue;
    grantBuilding(ctx, mine.building);
    notice(ctx, MINE_NOTICES[mine.flag]);
    milestone(ctx, mine.milestone);
  }
  // 3–4. Lasting facts: the ship found, the battleship entered, a city cleared, dungeon progress.
  for (const flag of Object.keys(trip.flags)) {
    if (MINE_FLAGS.has(flag) || state.flags[flag]) continue;
    state.flags[flag] = true;
    if (flag === 'ship') {
      notice(ctx, 'notice.world.home.ship');
      milestone(ctx, 'ship_found');
    }
    if (flag === 'executioner') notice(ctx, 'notice.world.home.executioner');
  }
  // 5. Blueprints go to the fabricator's memory, not the stores.
  for (const name of BLUEPRINTS) {
    const blueprint = `${name} blueprint`;
    if ((trip.bag[blueprint] ?? 0) <= 0) continue;
    delete trip.bag[blueprint];
    if (state.character.blueprints[name]) continue;
    state.character.blueprints[name] = true;
    notice(ctx, 'notice.world.home.blueprint', { item: name });
  }
  // 6. Unpack; the loadout keeps its remembered rows as the next proposal.
  const unpacked = Object.entries(trip.bag).filter(([, count]) => count > 0);
  for (const [item, count] of unpacked) addStore(state, item, count);
  state.outfit = Object.fromEntries(Object.entries(state.outfit).filter(([item, count]) => REMEMBERED.has(item) && count > 0));
  // 7. Back to the path screen.
  state.expedition = null;
  state.fight = null;
  state.location = 'path';
  delete state.cooldowns[EMBARK_COOLDOWN_GROUP];
  notice(ctx, unpacked.length > 0 ? 'notice.world.home.unpacked' : 'notice.world.home.empty', {
    items: unpacked.map(([item]) => item),
  });
}

/** Death out there: the trip's map and the whole bag lost, back in the room, embarking cools down 120 s. */
export function die(ctx: Ctx, cause: DeathCause): void {
  const { state } = ctx;
  if (cause === 'starvation') countDeath(ctx, 'starved', 'slow metabolism');
  if (cause === 'thirst') countDeath(ctx, 'dehydrated', 'desert rat');
  state.expedition = null;
  state.outfit = {};
  state.event = null;
  state.fight = null;
  state.location = 'room';
  state.cooldowns[EMBARK_COOLDOWN_GROUP] = ctx.now + DEATH_COOLDOWN;
  notice(ctx, DEATH_NOTICES[cause]);
  milestone(ctx, 'first_death');
}

const DEATH_NOTICES: Readonly<Record<DeathCause, string>> = {
  combat: 'notice.world.death.combat',
  starvation: 'notice.world.death.starvation',
  thirst: 'notice.world.death.thirst',
};

function countDeath(ctx: Ctx, counter: 'starved' | 'dehydrated', perk: 'slow metabolism' | 'desert rat'): void {
  const { character } = ctx.state;
  character[counter] += 1;
  if (character[counter] >= PERK_DEATHS && !character.perks[perk]) {
    if (perk === 'slow metabolism') grantPerk(ctx, 'slow metabolism');
    else grantPerk(ctx, 'desert rat');
  }
}

/** Whether the embark button is cooling down after a death, and until when (0 when not). */
export function embarkReadyAt(state: GameState): number {
  return state.cooldowns[EMBARK_COOLDOWN_GROUP] ?? 0;
}

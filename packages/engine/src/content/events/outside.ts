import { stock } from '../../core/context.ts';
import type { GameState } from '../../core/state.ts';
import type { EventButton, EventCtx, EventDef } from '../../events/types.ts';
import { destroyHuts, killVillagers } from '../../outside/village.ts';

const population = (state: GameState) => state.outside.population;

/** Back to the village; `notice` is said in the log on the way. */
const goHome = (notice?: string): EventButton => (notice ? { notice, next: 'end' } : { next: 'end' });

/** Between `min` and `max` villagers die (inclusive, never more than live); the text shows how many. */
function deaths(ctx: EventCtx, min: number, max: number): void {
  ctx.setParams({ count: killVillagers(ctx.state, ctx.randomInt(min, max)) });
}

/** O1: something tore the traps apart; its tracks lead off into the trees. */
export const ruinedTrap: EventDef = {
  id: 'ruined_trap',
  pool: 'outside',
  available: (state) => (state.outside.buildings.trap ?? 0) >= 1,
  scenes: {
    start: {
      onLoad: (ctx) => {
        const traps = ctx.state.outside.buildings.trap ?? 0;
        const lost = ctx.randomInt(1, traps);
        ctx.state.outside.buildings.trap = traps - lost;
        ctx.setParams({ count: lost });
      },
      buttons: {
        track: { next: [[0.5, 'nothing'], [1, 'catch']] },
        ignore: { next: 'end' },
      },
    },
    nothing: { buttons: { go_home: goHome() } },
    catch: { reward: { fur: 100, meat: 100, teeth: 10 }, buttons: { go_home: goHome() } },
  },
};

/** O2: a hut burns down with whoever lived in it. */
export const hutFire: EventDef = {
  id: 'hut_fire',
  pool: 'outside',
  available: (state) => (state.outside.buildings.hut ?? 0) >= 1 && population(state) > 50,
  scenes: {
    start: {
      onLoad: (ctx) => ctx.setParams({ count: destroyHuts(ctx.state, 1) }),
      buttons: { mourn: { notice: 'event.hut_fire.mourned', next: 'end' } },
    },
  },
};

/** O3: a sickness; one medicine stops it, or up to half the village dies. */
export const sickness: EventDef = {
  id: 'sickness',
  pool: 'outside',
  available: (state) => population(state) > 10 && population(state) < 50 && stock(state, 'medicine') >= 1,
  scenes: {
    start: {
      buttons: {
        give_medicine: { cost: { medicine: 1 }, next: 'healed' },
        ignore: { next: 'death' },
      },
    },
    healed: { buttons: { go_home: goHome() } },
    death: {
      onLoad: (ctx) => deaths(ctx, 1, Math.floor(population(ctx.state) / 2)),
      buttons: { go_home: goHome() },
    },
  },
};

/** O4: a plague; five medicine (bought here if need be) keeps the dying to a few. */
export const plague: EventDef = {
  id: 'plague',
  pool: 'outside',
  available: (state) => population(state) > 50 && stock(state, 'medicine') >= 1,
  scenes: {
    start: {
      buttons: {
        buy_medicine: { cost: { scales: 70, teeth: 50 }, reward: { medicine: 1 } },
        give_medicine: { cost: { medicine: 5 }, next: 'healed' },
        do_nothing: { next: 'death' },
      },
    },
    healed: { onLoad: (ctx) => deaths(ctx, 2, 6), buttons: { go_home: goHome() } },
    death: { onLoad: (ctx) => deaths(ctx, 10, 89), buttons: { go_home: goHome() } },
  },
};

/** O5: beasts come out of the forest; they are driven off, not without loss. */
export const beastAttack: EventDef = {
  id: 'beast_attack',
  pool: 'outside',
  available: (state) => population(state) >= 1,
  scenes: {
    start: {
      onLoad: (ctx) => deaths(ctx, 1, 10),
      reward: { fur: 100, meat: 100, teeth: 10 },
      buttons: { go_home: goHome('event.beast_attack.aftermath') },
    },
  },
};

/** O6: soldiers, come looking for whoever emptied the city. */
export const militaryRaid: EventDef = {
  id: 'military_raid',
  pool: 'outside',
  available: (state) => population(state) >= 1 && state.flags.cityCleared === true,
  scenes: {
    start: {
      onLoad: (ctx) => deaths(ctx, 1, 40),
      reward: { bullets: 10, 'cured meat': 50 },
      buttons: { go_home: goHome('event.military_raid.aftermath') },
    },
  },
};

/** Village events, O1 … O6. */
export const OUTSIDE_EVENTS: readonly EventDef[] = [ruinedTrap, hutFire, sickness, plague, beastAttack, militaryRaid];

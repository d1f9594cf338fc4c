import { addStore, stock } from '../../core/context.ts';
import { grantPerk } from '../../core/perks.ts';
import { openPath } from '../../build/trade.ts';
import { hasUnseen, revealAround } from '../../world/effects.ts';
import type { GameState } from '../../core/state.ts';
import type { EventButton, EventCtx, EventDef, EventScene } from '../../events/types.ts';
import { BUILDINGS } from '../buildings.ts';

/** Closes the event. */
const goodbye: EventButton = { next: 'end' };

const has = (resource: string) => (state: GameState) => stock(state, resource) > 0;
const pathOpen = (state: GameState) => state.features.path;
const lacksPerk = (perk: string) => (state: GameState) => !state.character.perks[perk];

/** A scene that only gives `reward` on opening and says goodbye. */
const gift = (reward: Readonly<Record<string, number>>): EventScene => ({ reward, buttons: { goodbye } });

/** R1: a trader with bundles takes fur for goods, one at a time. */
export const nomad: EventDef = {
  id: 'nomad',
  pool: 'room',
  available: has('fur'),
  scenes: {
    start: {
      buttons: {
        buy_scales: { cost: { fur: 100 }, reward: { scales: 1 } },
        buy_teeth: { cost: { fur: 200 }, reward: { teeth: 1 } },
        buy_bait: { cost: { fur: 5 }, reward: { bait: 1 }, notice: 'event.nomad.bait_tip' },
        buy_compass: {
          cost: { fur: 300, scales: 15, teeth: 5 },
          available: (state) => stock(state, 'compass') < 1,
          reward: { compass: 1 },
          effect: openPath,
        },
        goodbye,
      },
    },
  },
};

/** R2: something shuffles outside; three times in ten it left a bundle. */
export const noisesOutside: EventDef = {
  id: 'noises_outside',
  pool: 'room',
  available: has('wood'),
  scenes: {
    start: {
      buttons: {
        investigate: { next: [[0.3, 'stuff'], [1, 'nothing']] },
        ignore: { next: 'end' },
      },
    },
    nothing: { buttons: { back_inside: { next: 'end' } } },
    stuff: { reward: { wood: 100, fur: 10 }, buttons: { back_inside: { next: 'end' } } },
  },
};

/** R3's outcome: a tenth of the wood (at least 1) is gone, a fifth of that (at least 1) of `item` is left. */
function gnawed(item: string): EventScene {
  return {
    onLoad: (ctx: EventCtx) => {
      const wood = stock(ctx.state, 'wood');
      const gone = Math.max(1, Math.floor(wood * 0.1));
      const left = Math.max(1, Math.floor(gone / 5));
      addStore(ctx.state, 'wood', -gone);
      addStore(ctx.state, item, left);
      ctx.setParams({ wood: Math.min(gone, wood), count: left });
    },
    buttons: { leave: { next: 'end' } },
  };
}

/** R3: something in the store room eats wood and leaves things behind. */
export const noisesInside: EventDef = {
  id: 'noises_inside',
  pool: 'room',
  available: has('wood'),
  scenes: {
    start: {
      buttons: {
        investigate: { next: [[0.5, 'scales'], [0.8, 'teeth'], [1, 'cloth']] },
        ignore: { next: 'end' },
      },
    },
    scales: gnawed('scales'),
    teeth: gnawed('teeth'),
    cloth: gnawed('cloth'),
  },
};

/** R4: a beggar wants fur and leaves twenty of something. */
export const beggar: EventDef = {
  id: 'beggar',
  pool: 'room',
  available: has('fur'),
  scenes: {
    start: {
      buttons: {
        give_50: { cost: { fur: 50 }, next: [[0.5, 'scales'], [0.8, 'teeth'], [1, 'cloth']] },
        give_100: { cost: { fur: 100 }, next: [[0.5, 'teeth'], [0.8, 'scales'], [1, 'cloth']] },
        deny: { next: 'end' },
      },
    },
    scales: gift({ scales: 20 }),
    teeth: gift({ teeth: 20 }),
    cloth: gift({ cloth: 20 }),
  },
};

const hutCount = (state: GameState) => state.outside.buildings.hut ?? 0;

/** R5: a cheap hut, three times in five a swindle. */
export const shadyBuilder: EventDef = {
  id: 'shady_builder',
  pool: 'room',
  available: (state) => hutCount(state) >= 5 && hutCount(state) < BUILDINGS.hut.max,
  scenes: {
    start: {
      buttons: {
        give_wood: { cost: { wood: 300 }, next: [[0.6, 'steal'], [1, 'build']] },
        goodbye,
      },
    },
    steal: { buttons: { go_home: { next: 'end' } } },
    build: {
      onLoad: (ctx) => {
        const huts = hutCount(ctx.state);
        if (huts < BUILDINGS.hut.max) ctx.state.outside.buildings.hut = huts + 1;
      },
      buttons: { go_home: { next: 'end' } },
    },
  },
};

/** A wanderer's gamble: given `resource`, maybe thrice as much comes back a minute later. */
function wanderer(id: string, resource: 'wood' | 'fur'): EventDef {
  const payout = (chance: number, amount: number): EventScene => ({
    onLoad: (ctx) => {
      if (ctx.random() < chance) ctx.promise(id, 60_000, { [resource]: amount }, `event.${id}.payout`);
    },
    buttons: { goodbye },
  });
  return {
    id,
    pool: 'room',
    available: has(resource),
    scenes: {
      start: {
        buttons: {
          give_100: { cost: { [resource]: 100 }, next: `${resource}100` },
          give_500: { cost: { [resource]: 500 }, next: `${resource}500` },
          deny: { next: 'end' },
        },
      },
      [`${resource}100`]: payout(0.5, 300),
      [`${resource}500`]: payout(0.3, 1500),
    },
  };
}

/** R6: give wood (scenes `wood100`, `wood500`). */
export const wandererWood: EventDef = wanderer('wanderer_wood', 'wood');

/** R7: give fur (scenes `fur100`, `fur500`). */
export const wandererFur: EventDef = wanderer('wanderer_fur', 'fur');

/** R8: a scout sells what lies out there, and how to see it. */
export const scout: EventDef = {
  id: 'scout',
  pool: 'room',
  available: pathOpen,
  scenes: {
    start: {
      buttons: {
        buy_map: {
          cost: { fur: 200, scales: 10 },
          // A hidden tile and everything within 5 of it, revealed on the map kept at home; sold
          // while some of that map is still unseen.
          available: (state) => state.world !== null && hasUnseen(state.world),
          effect: revealAround,
        },
        learn_scouting: {
          cost: { fur: 1000, scales: 50, teeth: 20 },
          available: lacksPerk('scout'),
          effect: (ctx) => grantPerk(ctx, 'scout'),
        },
        goodbye,
      },
    },
  },
};

/** R9: an old wanderer asks for a bed and teaches one thing in return. */
export const master: EventDef = {
  id: 'master',
  pool: 'room',
  available: pathOpen,
  scenes: {
    start: {
      buttons: {
        agree: { cost: { 'cured meat': 100, fur: 100, torch: 1 }, next: 'agree' },
        deny: { next: 'end' },
      },
    },
    agree: {
      buttons: {
        evasion: { available: lacksPerk('evasive'), effect: (ctx) => grantPerk(ctx, 'evasive'), next: 'end' },
        precision: { available: lacksPerk('precise'), effect: (ctx) => grantPerk(ctx, 'precise'), next: 'end' },
        force: { available: lacksPerk('barbarian'), effect: (ctx) => grantPerk(ctx, 'barbarian'), next: 'end' },
        nothing: { next: 'end' },
      },
    },
  },
};

/** R10: one medicine for a sick man, who may have something to give back. */
export const sickMan: EventDef = {
  id: 'sick_man',
  pool: 'room',
  available: has('medicine'),
  scenes: {
    start: {
      buttons: {
        help: { cost: { medicine: 1 }, next: [[0.1, 'alloy'], [0.3, 'cells'], [0.5, 'scales'], [1, 'nothing']] },
        ignore: { next: 'end' },
      },
    },
    alloy: gift({ 'alien alloy': 1 }),
    cells: gift({ 'energy cell': 3 }),
    scales: gift({ scales: 5 }),
    nothing: { buttons: { goodbye } },
  },
};

/** Room events, R1 … R10. */
export const ROOM_EVENTS: readonly EventDef[] = [
  nomad,
  noisesOutside,
  noisesInside,
  beggar,
  shadyBuilder,
  wandererWood,
  wandererFur,
  scout,
  master,
  sickMan,
];

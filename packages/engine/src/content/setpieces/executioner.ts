import { milestone } from '../../core/context.ts';
import type { GameState } from '../../core/state.ts';
import type { EventButton, EventDef } from '../../events/types.ts';
import { clearDungeon, drawRoad, setTripFlag } from '../../world/effects.ts';
import { drop, foe, go, leave } from './b-parts.ts';
import {
  ANTECHAMBER,
  COMMAND,
  ENGINEERING,
  GUARD_LOOT,
  INTRO,
  MARTIAL,
  MEDICAL,
  WINGS,
  clash,
  guard,
  guardian,
  room,
  shipDone,
  type ShipFlag,
} from './executioner-kit.ts';
import { engineering, martial, medical } from './executioner-wings.ts';

export { executionerEntry, shipDone } from './executioner-kit.ts';

/*
 * The ravaged battleship (tile `X`, spec events/08): the way in (intro), then on every later visit
 * the elevator bank (antechamber) that leads to a wing; with all three wings done, the command
 * deck, whose end clears the tile into an outpost on a road. The tile opens the intro until the
 * trip (or an earlier one brought home) has `executioner`, the antechamber after (world/move.ts).
 */

// ---------------------------------------------------------------------------------------------
// §3 The way in.

const horror = foe('battleship_chitinous_horror', 'H', 60, 1, 0.7, 0.25);
const queen = foe('battleship_chitinous_queen', 'Q', 70, 1, 0.7, 0.25);
const operative = foe('battleship_operative', 'O', 60, 8, 0.8, 2);
const researcher = foe('battleship_researcher', 'R', 20, 1, 0.8, 2);
const beast = foe('battleship_ancient_beast', 'A', 60, 6, 0.8, 1);
const autoTurret = foe('battleship_automated_turret', 'T', 60, 10, 0.8, 2.5, true);

export const intro: EventDef = {
  id: INTRO,
  pool: 'world',
  available: () => false,
  scenes: {
    start: { buttons: { enter: { cost: { torch: 1 }, next: 's1' }, leave } },
    s1: {
      onLoad: (ctx) => milestone(ctx, 'battleship_entered'),
      buttons: {
        continue: go([
          [0.4, 's2_1'],
          [0.8, 's2_2'],
          [1, 's2_3'],
        ]),
        leave,
      },
    },

    // the webs
    s2_1: room('s3_1', { 'cured meat': drop(1, 4, 0.8), bullets: drop(1, 4, 0.5), 'energy cell': drop(1, 4, 0.2) }),
    s3_1: clash(horror, { meat: drop(5, 9, 0.8), scales: drop(5, 9, 0.5) }, 's4_1'),
    s4_1: clash(queen, { meat: drop(8, 11, 0.8), scales: drop(8, 11, 0.5) }, 's5'),

    // the soldiers' camp
    s2_2: clash(operative, { bayonet: drop(1, 1, 0.5), bullets: drop(1, 4, 0.8), 'cured meat': drop(1, 4, 0.8) }, 's3_2'),
    s3_2: room('s4_2', {
      'cured meat': drop(1, 4, 1),
      torch: drop(1, 2, 0.8),
      bullets: drop(1, 4, 0.5),
      'alien alloy': drop(1, 1, 0.2),
    }),
    s4_2: clash(researcher, { torch: drop(1, 2, 0.8), cloth: drop(1, 4, 0.8), 'cured meat': drop(1, 4, 0.8) }, 's5'),

    // the barricade
    s2_3: room('s3_3', { 'laser rifle': drop(1, 2, 1), 'energy cell': drop(1, 4, 0.8), 'plasma rifle': drop(1, 1, 0.2) }),
    s3_3: room('s4_3', { 'energy cell': drop(1, 4, 0.5), cloth: drop(1, 4, 0.8) }),
    s4_3: clash(beast, { fur: drop(5, 9, 1), meat: drop(5, 9, 1), teeth: drop(5, 9, 0.8) }, 's5'),

    // the sealed door
    s5: { buttons: { power: go('s6'), leave } },
    s6: clash(autoTurret, { 'energy cell': drop(1, 4, 0.8), 'laser rifle': drop(1, 1, 0.2) }, 's7'),
    s7: {
      onLoad: (ctx) => {
        drawRoad(ctx);
        setTripFlag(ctx, 'executioner');
      },
      buttons: { leave },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// §4 The elevator bank.

/** A wing's elevator: taken while the wing is still to do. */
const lift = (flag: ShipFlag, event: string): EventButton => ({ available: (state: GameState) => !shipDone(state, flag), nextEvent: event });

export const antechamber: EventDef = {
  id: ANTECHAMBER,
  pool: 'world',
  available: () => false,
  scenes: {
    start: {
      buttons: {
        engineering: lift('engineering', ENGINEERING),
        medical: lift('medical', MEDICAL),
        martial: lift('martial', MARTIAL),
        command: { available: (state) => WINGS.every((wing) => shipDone(state, wing)), nextEvent: COMMAND },
        leave,
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// §8 The command deck.

/** Every 7 s a shield, an enrage or a meditation, never the same twice running. */
const wanderer = { ...foe('battleship_immortal_wanderer', '@', 500, 12, 0.8, 2), specials: [{ delay: 7, action: 'shift' as const }] };

export const command: EventDef = {
  id: COMMAND,
  pool: 'world',
  available: () => false,
  scenes: {
    start: room('s1'),
    s1: clash(guard, GUARD_LOOT, 's2'),
    s2: room([
      [0.5, 's3a'],
      [1, 's3b'],
    ]),
    s3a: room('s4', { 'energy cell': drop(3, 9, 1), grenade: drop(1, 4, 0.8) }),
    s3b: room('s4', { hypo: drop(1, 2, 1) }),
    s4: { buttons: { approach: go('s5'), leave } },
    s5: { buttons: { observe: go('s6') } },
    s6: guardian(wanderer, { 'fleet beacon': drop(1, 1, 1) }, 's7'),
    s7: { onLoad: (ctx) => clearDungeon(ctx), buttons: { leave } },
  },
};

/** The battleship's six events, in the spec's order. */
export const EXECUTIONER: readonly EventDef[] = [intro, antechamber, engineering, martial, medical, command];

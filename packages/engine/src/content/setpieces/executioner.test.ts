/**
 * The ravaged battleship against the spec's tables (events/08). Every number below is copied from
 * the spec, never computed from the content: the scene tables (kinds, buttons, costs, locks,
 * chances, the antechamber's switches), the enemy tables with their specials, and the loot tables
 * (their "effective" column, as our ranges include both ends). Scene ids are written as the spec
 * writes them (`2-1a`) and read as ours (`s2_1a`). The world effects are stood in for, so the test
 * sees which scenes and buttons call them.
 */
import { percentChances } from '../../testing/events.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnemyAction, EnemyDef } from '../../combat/types.ts';
import { newGame, type GameState } from '../../core/state.ts';
import type { EventCtx, EventDef, Next } from '../../events/types.ts';
import * as effects from '../../world/effects.ts';
import { WORLD_EVENTS } from '../events/index.ts';
import { SETPIECES } from './index.ts';
import { EXECUTIONER, antechamber, command, executionerEntry, intro, shipDone } from './executioner.ts';
import { cornered, engineering, martial, medical } from './executioner-wings.ts';

vi.mock('../../world/effects.ts', () => ({
  markVisited: vi.fn(),
  clearDungeon: vi.fn(),
  drawRoad: vi.fn(),
  setTripFlag: vi.fn(),
  refillWater: vi.fn(),
  useOutpost: vi.fn(),
  revealAround: vi.fn(),
}));

const EFFECTS = ['markVisited', 'clearDungeon', 'drawRoad', 'setTripFlag', 'refillWater', 'useOutpost', 'revealAround'] as const;

/** The spec's scene id as ours: `2-1a` → `s2_1a`; `start` stays. */
const sid = (spec: string) => (spec === 'start' ? 'start' : `s${spec.replace(/-/g, '_')}`);

// ---------------------------------------------------------------------------------------------
// The spec's tables, in a notation close to its own:
// `button [5 water] (1s) {if} → 2-3a 50% / 2-3b 50%; …`, `{if}` for a button that can be disabled,
// `⇒ event` for the antechamber's switches.

type SceneRow = readonly [scene: string, kind: 'story' | 'combat', buttons: string];
type EnemyRow = readonly [scene: string, name: string, glyph: string, hp: number, dmg: number, hit: number, delay: number, ranged: boolean, special: string];
type LootRow = readonly [scene: string, item: string, min: number, max: number, chance: number];

const INTRO_SCENES: readonly SceneRow[] = [
  ['start', 'story', 'enter [1 torch] → 1; leave → end'],
  ['1', 'story', 'continue → 2-1 40% / 2-2 40% / 2-3 20%; leave → end'],
  ['2-1', 'story', 'continue → 3-1; leave → end'],
  ['3-1', 'combat', 'continue (1s) → 4-1; leave (1s) → end'],
  ['4-1', 'combat', 'continue (1s) → 5; leave (1s) → end'],
  ['2-2', 'combat', 'continue (1s) → 3-2; leave (1s) → end'],
  ['3-2', 'story', 'continue → 4-2; leave → end'],
  ['4-2', 'combat', 'continue (1s) → 5; leave (1s) → end'],
  ['2-3', 'story', 'continue → 3-3; leave → end'],
  ['3-3', 'story', 'continue → 4-3; leave → end'],
  ['4-3', 'combat', 'continue (1s) → 5; leave (1s) → end'],
  ['5', 'story', 'power → 6; leave → end'],
  ['6', 'combat', 'continue (1s) → 7; leave (1s) → end'],
  ['7', 'story', 'leave → end'],
];

const INTRO_ENEMIES: readonly EnemyRow[] = [
  ['3-1', 'chitinous horror', 'H', 60, 1, 0.7, 0.25, false, '–'],
  ['4-1', 'chitinous queen', 'Q', 70, 1, 0.7, 0.25, false, '–'],
  ['2-2', 'operative', 'O', 60, 8, 0.8, 2, false, '–'],
  ['4-2', 'researcher', 'R', 20, 1, 0.8, 2, false, '–'],
  ['4-3', 'ancient beast', 'A', 60, 6, 0.8, 1, false, '–'],
  ['6', 'automated turret', 'T', 60, 10, 0.8, 2.5, true, '–'],
];

const INTRO_LOOT: readonly LootRow[] = [
  ['2-1', 'cured meat', 1, 4, 0.8],
  ['2-1', 'bullets', 1, 4, 0.5],
  ['2-1', 'energy cell', 1, 4, 0.2],
  ['3-1', 'meat', 5, 9, 0.8],
  ['3-1', 'scales', 5, 9, 0.5],
  ['4-1', 'meat', 8, 11, 0.8],
  ['4-1', 'scales', 8, 11, 0.5],
  ['2-2', 'bayonet', 1, 1, 0.5],
  ['2-2', 'bullets', 1, 4, 0.8],
  ['2-2', 'cured meat', 1, 4, 0.8],
  ['3-2', 'cured meat', 1, 4, 1],
  ['3-2', 'torch', 1, 2, 0.8],
  ['3-2', 'bullets', 1, 4, 0.5],
  ['3-2', 'alien alloy', 1, 1, 0.2],
  ['4-2', 'torch', 1, 2, 0.8],
  ['4-2', 'cloth', 1, 4, 0.8],
  ['4-2', 'cured meat', 1, 4, 0.8],
  ['2-3', 'laser rifle', 1, 2, 1],
  ['2-3', 'energy cell', 1, 4, 0.8],
  ['2-3', 'plasma rifle', 1, 1, 0.2],
  ['3-3', 'energy cell', 1, 4, 0.5],
  ['3-3', 'cloth', 1, 4, 0.8],
  ['4-3', 'fur', 5, 9, 1],
  ['4-3', 'meat', 5, 9, 1],
  ['4-3', 'teeth', 5, 9, 0.8],
  ['6', 'energy cell', 1, 4, 0.8],
  ['6', 'laser rifle', 1, 1, 0.2],
];

const ANTECHAMBER_SCENES: readonly SceneRow[] = [
  [
    'start',
    'story',
    'engineering {if} ⇒ executioner_engineering; medical {if} ⇒ executioner_medical; martial {if} ⇒ executioner_martial; command {if} ⇒ executioner_command; leave → end',
  ],
];

const ENGINEERING_SCENES: readonly SceneRow[] = [
  ['start', 'story', 'continue → 1-1 30% / 1-2 40% / 1-3 30%; leave → end'],
  ['1-1', 'story', 'continue → 2-1a 50% / 2-1b 50%; leave → end'],
  ['2-1a', 'combat', 'continue (1s) → 3-1; leave (1s) → end'],
  ['2-1b', 'story', 'continue → 3-1; leave → end'],
  ['3-1', 'combat', 'continue (1s) → 4; leave (1s) → end'],
  ['1-2', 'combat', 'continue (1s) → 2-2; leave (1s) → end'],
  ['2-2', 'story', 'continue → 3-2a 50% / 3-2b 50%; leave → end'],
  ['3-2a', 'combat', 'continue (1s) → 4; leave (1s) → end'],
  ['3-2b', 'story', 'continue → 4; leave → end'],
  // No way back, but ours adds one for the wanderer who can pay neither (the test below).
  ['1-3', 'story', 'water [5 water] → 2-3a 50% / 2-3b 50%; run [10 hp] → 2-3a 50% / 2-3b 50%; retreat {if} → end'],
  ['2-3a', 'combat', 'continue (1s) → 3-3; leave (1s) → end'],
  ['2-3b', 'story', 'continue → 3-3; leave → end'],
  ['3-3', 'story', 'continue → 4; leave → end'],
  ['4', 'story', 'use [1 alien alloy] → 4-heal; continue → 5-1 50% / 5-2 50%; leave → end'],
  ['4-heal', 'story', 'continue → 5-1 50% / 5-2 50%; leave → end'],
  ['5-1', 'combat', 'continue (1s) → 6; leave (1s) → end'],
  ['5-2', 'story', 'continue → 6; leave → end'],
  ['6', 'story', 'continue → 7-intro; leave → end'],
  ['7-intro', 'story', 'fight → 7'],
  ['7', 'combat', 'continue (1s) → 8; leave (1s) → end'],
  ['8', 'story', 'leave → end'],
];

const ENGINEERING_ENEMIES: readonly EnemyRow[] = [
  ['2-1a', 'unruly welder', 'W', 50, 13, 0.8, 2, false, '–'],
  ['3-1', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['1-2', 'defence turret', 'T', 50, 25, 0.8, 4, true, '–'],
  ['3-2a', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['2-3a', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['5-1', 'defence turret', 'T', 50, 25, 0.8, 4, true, '–'],
  ['7', 'unstable prototype', 'P', 150, 5, 0.8, 2, false, 'every 5s: shield'],
];

const ENGINEERING_LOOT: readonly LootRow[] = [
  ['1-1', 'energy cell', 1, 4, 0.8],
  ['1-1', 'laser rifle', 1, 1, 0.2],
  ['2-1a', 'energy cell', 1, 4, 0.8],
  ['2-1a', 'alien alloy', 1, 1, 0.2],
  ['3-1', 'energy cell', 1, 4, 0.8],
  ['3-1', 'laser rifle', 1, 1, 0.8],
  ['3-1', 'alien alloy', 1, 1, 0.2],
  ['1-2', 'energy cell', 1, 4, 0.8],
  ['1-2', 'alien alloy', 1, 1, 0.8],
  ['1-2', 'laser rifle', 1, 1, 0.2],
  ['2-2', 'alien alloy', 2, 4, 1],
  ['3-2a', 'energy cell', 1, 4, 0.8],
  ['3-2a', 'laser rifle', 1, 1, 0.8],
  ['3-2a', 'alien alloy', 1, 1, 0.2],
  ['2-3a', 'energy cell', 1, 4, 0.8],
  ['2-3a', 'laser rifle', 1, 1, 0.8],
  ['2-3a', 'alien alloy', 1, 1, 0.2],
  ['3-3', 'energy cell', 1, 4, 0.8],
  ['3-3', 'laser rifle', 1, 1, 0.7],
  ['3-3', 'grenade', 1, 2, 0.6],
  ['3-3', 'plasma rifle', 1, 1, 0.2],
  ['5-1', 'energy cell', 1, 4, 0.8],
  ['5-1', 'alien alloy', 1, 1, 0.8],
  ['5-1', 'laser rifle', 1, 1, 0.2],
  ['6', 'hypo blueprint', 1, 1, 1],
  ['7', 'alien alloy', 1, 2, 1],
  ['7', 'kinetic armour blueprint', 1, 1, 1],
];

const MARTIAL_SCENES: readonly SceneRow[] = [
  ['start', 'story', 'continue → 1; leave → end'],
  ['1', 'story', 'explode [1 grenade] → 2-1; right → 2-2 50% / 2-3 50%; leave → end'],
  ['2-1', 'story', 'continue → 3-1; leave → end'],
  ['3-1', 'combat', 'continue (1s) → 4-1; leave (1s) → end'],
  ['4-1', 'story', 'continue → 5; leave → end'],
  ['2-2', 'combat', 'continue (1s) → 3-2a 50% / 3-2b 50%; leave (1s) → end'],
  ['3-2a', 'combat', 'continue (1s) → 4-2; leave (1s) → end'],
  ['3-2b', 'story', 'continue → 4-2; leave → end'],
  ['4-2', 'story', 'continue → 5; leave → end'],
  ['2-3', 'story', 'continue → 3-3a 50% / 3-3b 50%; leave → end'],
  ['3-3a', 'combat', 'continue (1s) → 4-3; leave (1s) → end'],
  ['3-3b', 'story', 'continue → 4-3; leave → end'],
  ['4-3', 'combat', 'continue (1s) → 5; leave (1s) → end'],
  ['5', 'story', 'continue → 6; leave → end'],
  ['6', 'story', 'continue → 7-1 50% / 7-2 50%; leave → end'],
  ['7-1', 'story', 'scavenge → 8-1a; continue → 8-1b; leave → end'],
  ['8-1a', 'combat', 'continue (1s) → 9-1; leave (1s) → end'],
  ['8-1b', 'story', 'continue → 9-1; leave → end'],
  ['9-1', 'combat', 'continue (1s) → 10; leave (1s) → end'],
  ['7-2', 'story', 'continue → 8-2a 50% / 8-2b 50%; leave → end'],
  ['8-2a', 'story', 'continue → 9-2; leave → end'],
  ['8-2b', 'story', 'continue → 9-2; leave → end'],
  ['9-2', 'combat', 'continue (1s) → 10; leave (1s) → end'],
  ['10', 'story', 'use [1 alien alloy] → 11; continue → 11; leave → end'],
  ['11', 'story', 'engage → 12'],
  ['12', 'combat', 'continue (1s) → 13'],
  ['13', 'story', 'leave → end'],
];

const MARTIAL_ENEMIES: readonly EnemyRow[] = [
  ['3-1', 'defence turret', 'T', 50, 25, 0.8, 4, true, '–'],
  ['2-2', 'defence turret', 'T', 50, 25, 0.8, 4, true, '–'],
  ['3-2a', 'mechanical quadruped', 'Q', 70, 8, 0.8, 1, false, '–'],
  ['3-3a', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['4-3', 'mechanical quadruped', 'Q', 70, 8, 0.8, 1, false, '–'],
  ['8-1a', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['9-1', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['9-2', 'mechanical quadruped', 'Q', 70, 8, 0.8, 1, false, '–'],
  ['12', 'murderous robot', 'M', 250, 10, 0.8, 3, false, 'every 13s: energise'],
];

const MARTIAL_LOOT: readonly LootRow[] = [
  ['2-1', 'energy blade', 2, 4, 1],
  ['2-1', 'laser rifle', 2, 4, 1],
  ['2-1', 'energy cell', 5, 19, 1],
  ['2-1', 'grenade', 1, 4, 0.8],
  ['2-1', 'plasma rifle', 1, 1, 0.2],
  ['3-1', 'energy cell', 1, 4, 0.8],
  ['3-1', 'alien alloy', 1, 1, 0.8],
  ['3-1', 'laser rifle', 1, 1, 0.2],
  ['2-2', 'energy cell', 1, 4, 0.8],
  ['2-2', 'alien alloy', 1, 1, 0.8],
  ['2-2', 'laser rifle', 1, 1, 0.2],
  ['3-2a', 'alien alloy', 2, 3, 0.2],
  ['4-2', 'energy cell', 1, 4, 1],
  ['4-2', 'energy blade', 1, 1, 0.2],
  ['2-3', 'alien alloy', 1, 2, 1],
  ['3-3a', 'energy cell', 1, 4, 0.8],
  ['3-3a', 'laser rifle', 1, 1, 0.8],
  ['3-3a', 'alien alloy', 1, 1, 0.2],
  ['4-3', 'alien alloy', 2, 3, 0.2],
  ['6', 'plasma rifle blueprint', 1, 1, 1],
  ['8-1a', 'energy cell', 1, 4, 0.8],
  ['8-1a', 'laser rifle', 1, 1, 0.8],
  ['8-1a', 'alien alloy', 1, 1, 0.2],
  ['9-1', 'energy cell', 1, 4, 0.8],
  ['9-1', 'laser rifle', 1, 1, 0.8],
  ['9-1', 'alien alloy', 1, 1, 0.2],
  ['8-2b', 'laser rifle', 2, 2, 1],
  ['8-2b', 'energy cell', 5, 9, 1],
  ['9-2', 'alien alloy', 2, 3, 0.2],
  ['12', 'alien alloy', 1, 2, 1],
  ['12', 'disruptor blueprint', 1, 1, 1],
];

const MEDICAL_SCENES: readonly SceneRow[] = [
  ['start', 'story', 'continue → 1; leave → end'],
  ['1', 'combat', 'continue (1s) → 2; leave (1s) → end'],
  ['2', 'story', 'continue → 3a 50% / 3b 50%; leave → end'],
  ['3a', 'combat', 'continue (1s) → 4; leave (1s) → end'],
  ['3b', 'story', 'continue → 4; leave → end'],
  ['4', 'story', 'continue → 5-1 50% / 5-2 50%; leave → end'],
  ['5-1', 'combat', 'continue (1s) → 6-1a 50% / 6-1b 50%; leave (1s) → end'],
  ['6-1a', 'combat', 'continue (1s) → 7-1; leave (1s) → end'],
  ['6-1b', 'story', 'continue → 7-1; leave → end'],
  ['7-1', 'story', 'continue → 8; leave → end'],
  ['5-2', 'story', 'force → 6-2a-intro; continue → 6-2b; leave → end'],
  ['6-2a-intro', 'story', 'continue → 6-2a; leave → end'],
  ['6-2a', 'combat', 'continue (1s) → 7-2; leave (1s) → end'],
  ['6-2b', 'story', 'continue → 7-2; leave → end'],
  ['7-2', 'combat', 'continue (1s) → 8; leave (1s) → end'],
  ['8', 'combat', 'continue (1s) → 9; leave (1s) → end'],
  ['9', 'story', 'continue → 10a 50% / 10b 50%; leave → end'],
  ['10a', 'combat', 'continue (1s) → 11; leave (1s) → end'],
  ['10b', 'story', 'continue → 11; leave → end'],
  ['11', 'combat', 'continue (1s) → 12-1 50% / 12-2 50%; leave (1s) → end'],
  ['12-1', 'story', 'continue → 13-1a 50% / 13-1b 50%; leave → end'],
  ['13-1a', 'combat', 'continue (1s) → 14-1; leave (1s) → end'],
  ['13-1b', 'story', 'continue → 14-1; leave → end'],
  ['14-1', 'combat', 'continue (1s) → 15; leave (1s) → end'],
  ['12-2', 'story', 'continue → 13-2a 50% / 13-2b 50%; leave → end'],
  ['13-2a', 'combat', 'continue (1s) → 14-2; leave (1s) → end'],
  ['13-2b', 'story', 'continue → 14-2; leave → end'],
  ['14-2', 'combat', 'continue (1s) → 15; leave (1s) → end'],
  ['15', 'story', 'continue → 16; leave → end'],
  ['16', 'combat', 'continue (1s) → 17'],
  ['17', 'story', 'leave → end'],
];

const MEDIC = ['broken medic', 'M', 80, 15, 0.8, 3, false, 'at ≤40: venom'] as const;
const MEDICAL_ENEMIES: readonly EnemyRow[] = [
  ['1', 'defence turret', 'T', 50, 25, 0.8, 4, true, '–'],
  ['3a', 'mechanical quadruped', 'Q', 70, 8, 0.8, 1, false, '–'],
  ['5-1', ...MEDIC],
  ['6-1a', ...MEDIC],
  ['6-2a', ...MEDIC],
  ['7-2', 'mechanical quadruped', 'Q', 70, 8, 0.8, 1, false, '–'],
  ['8', 'unstable automaton', 'A', 100, 10, 0.7, 2, false, 'explodes for 30'],
  ['10a', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['11', ...MEDIC],
  ['13-1a', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['14-1', ...MEDIC],
  ['13-2a', ...MEDIC],
  ['14-2', ...MEDIC],
  ['16', 'malformed experiment', 'E', 200, 5, 0.8, 2, false, 'every 16s: enrage'],
];

const MEDICAL_LOOT: readonly LootRow[] = [
  ['1', 'energy cell', 1, 4, 0.8],
  ['1', 'alien alloy', 1, 1, 0.8],
  ['1', 'laser rifle', 1, 1, 0.2],
  ['3a', 'alien alloy', 2, 3, 0.2],
  ['5-1', 'alien alloy', 1, 1, 1],
  ['5-1', 'hypo', 1, 3, 0.2],
  ['6-1a', 'alien alloy', 1, 1, 1],
  ['6-1a', 'hypo', 1, 3, 0.2],
  ['7-1', 'laser rifle', 1, 1, 1],
  ['7-1', 'energy cell', 3, 9, 1],
  ['6-2a-intro', 'energy cell', 5, 9, 1],
  ['6-2a-intro', 'hypo', 1, 2, 1],
  ['6-2a', 'alien alloy', 1, 1, 1],
  ['6-2a', 'hypo', 1, 3, 0.2],
  ['7-2', 'alien alloy', 2, 3, 0.2],
  ['8', 'glowstone blueprint', 1, 1, 1],
  ['10a', 'energy cell', 1, 4, 0.8],
  ['10a', 'laser rifle', 1, 1, 0.8],
  ['10a', 'alien alloy', 1, 1, 0.2],
  ['11', 'alien alloy', 1, 1, 1],
  ['11', 'hypo', 1, 3, 0.2],
  ['12-1', 'cured meat', 5, 9, 1],
  ['13-1a', 'energy cell', 1, 4, 0.8],
  ['13-1a', 'laser rifle', 1, 1, 0.8],
  ['13-1a', 'alien alloy', 1, 1, 0.2],
  ['14-1', 'alien alloy', 1, 1, 1],
  ['14-1', 'hypo', 1, 3, 0.2],
  ['13-2a', 'alien alloy', 1, 1, 1],
  ['13-2a', 'hypo', 1, 3, 0.2],
  ['13-2b', 'grenade', 3, 7, 1],
  ['14-2', 'alien alloy', 1, 1, 1],
  ['14-2', 'hypo', 1, 3, 0.2],
  ['16', 'stim blueprint', 1, 1, 1],
];

const COMMAND_SCENES: readonly SceneRow[] = [
  ['start', 'story', 'continue → 1; leave → end'],
  ['1', 'combat', 'continue (1s) → 2; leave (1s) → end'],
  ['2', 'story', 'continue → 3a 50% / 3b 50%; leave → end'],
  ['3a', 'story', 'continue → 4; leave → end'],
  ['3b', 'story', 'continue → 4; leave → end'],
  ['4', 'story', 'approach → 5; leave → end'],
  ['5', 'story', 'observe → 6'],
  ['6', 'combat', 'continue (1s) → 7'],
  ['7', 'story', 'leave → end'],
];

const COMMAND_ENEMIES: readonly EnemyRow[] = [
  ['1', 'mechanical guard', 'G', 60, 10, 0.8, 2, true, '–'],
  ['6', 'immortal wanderer', '@', 500, 12, 0.8, 2, false, 'every 7s: shift'],
];

const COMMAND_LOOT: readonly LootRow[] = [
  ['1', 'energy cell', 1, 4, 0.8],
  ['1', 'laser rifle', 1, 1, 0.8],
  ['1', 'alien alloy', 1, 1, 0.2],
  ['3a', 'energy cell', 3, 9, 1],
  ['3a', 'grenade', 1, 4, 0.8],
  ['3b', 'hypo', 1, 2, 1],
  ['6', 'fleet beacon', 1, 1, 1],
];

/** Spec §9: scenes and fights per event. */
const EVENTS = [
  { event: intro, id: 'executioner_intro', scenes: INTRO_SCENES, enemies: INTRO_ENEMIES, loot: INTRO_LOOT, count: 14, fights: 6 },
  { event: antechamber, id: 'executioner_antechamber', scenes: ANTECHAMBER_SCENES, enemies: [], loot: [], count: 1, fights: 0 },
  { event: engineering, id: 'executioner_engineering', scenes: ENGINEERING_SCENES, enemies: ENGINEERING_ENEMIES, loot: ENGINEERING_LOOT, count: 21, fights: 7 },
  { event: martial, id: 'executioner_martial', scenes: MARTIAL_SCENES, enemies: MARTIAL_ENEMIES, loot: MARTIAL_LOOT, count: 27, fights: 9 },
  { event: medical, id: 'executioner_medical', scenes: MEDICAL_SCENES, enemies: MEDICAL_ENEMIES, loot: MEDICAL_LOOT, count: 31, fights: 14 },
  { event: command, id: 'executioner_command', scenes: COMMAND_SCENES, enemies: COMMAND_ENEMIES, loot: COMMAND_LOOT, count: 9, fights: 2 },
] as const;

// ---------------------------------------------------------------------------------------------
// Reading the notation, and the content, into the same shape.

interface ButtonShape {
  cost: Record<string, number>;
  cooldown: number;
  gated: boolean;
  /** `'end'`, an event switched to (`⇒ id`), or each target scene with its chance in whole percent. */
  next: 'end' | `⇒ ${string}` | Record<string, number>;
}

function parseButtons(spec: string): Record<string, ButtonShape> {
  const out: Record<string, ButtonShape> = {};
  for (const part of spec.split(';')) {
    const switched = part.includes('⇒');
    const [head, tail] = part.split(switched ? '⇒' : '→').map((s) => s.trim());
    const id = head.split(' ')[0];
    const cost = Object.fromEntries([...head.matchAll(/\[(\d+) ([^\]]+)\]/g)].map((m) => [m[2], Number(m[1])]));
    const next: ButtonShape['next'] = switched
      ? `⇒ ${tail}`
      : tail === 'end'
        ? 'end'
        : Object.fromEntries(
            tail.split('/').map((option) => {
              const [scene, percent] = option.trim().split(/\s+/);
              return [sid(scene), percent ? Number(percent.replace('%', '')) : 100];
            }),
          );
    out[id] = { cost, cooldown: head.includes('(1s)') ? 1000 : 0, gated: head.includes('{if}'), next };
  }
  return out;
}

const chances = (next: Next | undefined): Exclude<ButtonShape['next'], `⇒ ${string}`> => percentChances(next, 'every battleship button');

function buttonsOf(event: EventDef, scene: string): Record<string, ButtonShape> {
  return Object.fromEntries(
    Object.entries(event.scenes[scene].buttons).map(([id, b]) => [
      id,
      {
        cost: { ...b.cost },
        cooldown: b.cooldown ?? 0,
        gated: typeof b.available === 'function',
        next: b.nextEvent !== undefined ? (`⇒ ${b.nextEvent}` as const) : chances(b.next),
      },
    ]),
  );
}

/** `every 5s: shield`, `at ≤40: venom`, `explodes for 30` → the enemy's special fields. */
function specialOf(spec: string): Partial<EnemyDef> {
  if (spec === '–') return {};
  let m = /^every (\d+)s: (\w+)$/.exec(spec);
  if (m) return { specials: [{ delay: Number(m[1]), action: m[2] as EnemyAction }] };
  m = /^at ≤(\d+): (\w+)$/.exec(spec);
  if (m) return { atHealth: { [Number(m[1])]: m[2] as EnemyAction } };
  m = /^explodes for (\d+)$/.exec(spec);
  if (m) return { explosion: Number(m[1]) };
  throw new Error(`unread special ${spec}`);
}

/** A stand-in context for running hooks: a bare new game, with nobody out. */
function fakeCtx(state: GameState = newGame(1)): EventCtx {
  return {
    state,
    now: 0,
    events: [],
    random: () => 0.5,
    randomInt: (min: number) => min,
    setParams: () => {},
    promise: () => {},
  };
}

// ---------------------------------------------------------------------------------------------

describe('the battleship (events/08)', () => {
  it('is six world events, in the spec order, that no random roll opens', () => {
    expect(EXECUTIONER.map((e) => e.id)).toEqual(EVENTS.map((e) => e.id));
    for (const event of EXECUTIONER) {
      expect(event.pool).toBe('world');
      expect(event.available(newGame(1))).toBe(false);
    }
  });

  it('is registered among the setpieces and the world events', () => {
    expect(SETPIECES).toEqual(expect.arrayContaining([...EXECUTIONER]));
    expect(WORLD_EVENTS).toEqual(expect.arrayContaining([...EXECUTIONER]));
  });

  it("has the spec's 103 scenes, 38 of them fights", () => {
    const all = EXECUTIONER.flatMap((e) => Object.values(e.scenes));
    expect(all).toHaveLength(103);
    expect(all.filter((s) => s.combat)).toHaveLength(38);
  });

  it('fights 16 kinds of enemy, each under an id of its own', () => {
    const ids = new Set(EXECUTIONER.flatMap((e) => Object.values(e.scenes).flatMap((s) => (s.combat ? [s.combat.id] : []))));
    expect(ids.size).toBe(16);
    for (const id of ids) expect(id).toMatch(/^battleship_[a-z_]+$/);
    const others = WORLD_EVENTS.filter((e) => !EXECUTIONER.includes(e)).flatMap((e) =>
      Object.values(e.scenes).flatMap((s) => (s.combat ? [s.combat.id] : [])),
    );
    expect(others.filter((id) => ids.has(id))).toEqual([]);
  });
});

describe.each(EVENTS)('$id', ({ event, scenes, enemies, loot, count, fights }) => {
  beforeEach(() => vi.clearAllMocks());

  it(`has the spec's ${count} scenes, ${fights} of them fights`, () => {
    expect(Object.keys(event.scenes).sort()).toEqual(scenes.map(([s]) => sid(s)).sort());
    expect(Object.keys(event.scenes)).toHaveLength(count);
    const combat = Object.entries(event.scenes).filter(([, s]) => s.combat).map(([id]) => id);
    expect(combat.sort()).toEqual(scenes.filter(([, kind]) => kind === 'combat').map(([s]) => sid(s)).sort());
    expect(combat).toHaveLength(fights);
  });

  it.each(scenes.map(([scene, , spec]) => [scene, spec] as const))('%s: buttons, costs, locks and chances are "%s"', (scene, spec) => {
    const actual = buttonsOf(event, sid(scene));
    expect(actual).toEqual(parseButtons(spec));
    expect(Object.keys(actual)).toEqual(spec.split(';').map((p) => p.trim().split(' ')[0]));
  });

  it('gives nothing to the stores: everything found is loot for the bag', () => {
    for (const [sceneId, scene] of Object.entries(event.scenes)) {
      expect(scene.reward, sceneId).toBeUndefined();
      for (const button of Object.values(scene.buttons)) expect(button.reward, sceneId).toBeUndefined();
    }
  });

  it('fights every enemy of the spec, stat for stat, special for special', () => {
    for (const [scene, name, glyph, health, damage, hit, attackDelay, ranged, special] of enemies) {
      expect(event.scenes[sid(scene)].combat, scene).toEqual({
        id: `battleship_${name.replace(/ /g, '_')}`,
        glyph,
        health,
        damage,
        hit,
        attackDelay,
        ranged,
        ...specialOf(special),
      });
    }
  });

  it('drops exactly the spec loot, ranges inclusive', () => {
    const expected: Record<string, Record<string, { min: number; max: number; chance: number }>> = {};
    for (const [scene, item, min, max, chance] of loot) (expected[sid(scene)] ??= {})[item] = { min, max, chance };
    const actual = Object.fromEntries(
      Object.entries(event.scenes)
        .filter(([, s]) => s.loot)
        .map(([id, s]) => [id, { ...s.loot }]),
    );
    expect(actual).toEqual(expected);
  });
});

describe('what the battleship does to the world', () => {
  beforeEach(() => vi.clearAllMocks());

  /** Every world-effect call of every hook, as `event.scene[.button]: effect(args)`. */
  function calls(): string[] {
    const out: string[] = [];
    const record = (where: string) => {
      for (const name of EFFECTS) {
        for (const args of vi.mocked(effects[name]).mock.calls) out.push(`${where}: ${name}(${args.slice(1).join(', ')})`);
      }
      vi.clearAllMocks();
    };
    for (const event of EXECUTIONER) {
      for (const [sceneId, scene] of Object.entries(event.scenes)) {
        scene.onLoad?.(fakeCtx());
        record(`${event.id}.${sceneId}`);
        for (const [buttonId, button] of Object.entries(scene.buttons)) {
          button.effect?.(fakeCtx());
          record(`${event.id}.${sceneId}.${buttonId}`);
        }
      }
    }
    return out;
  }

  it('sets each flag where the spec does, draws one road, clears the tile once, reads the maps three times', () => {
    expect(calls()).toEqual([
      // intro 7: the untouched antechamber — a road, and the trip knows the way in
      'executioner_intro.s7: drawRoad()',
      'executioner_intro.s7: setTripFlag(executioner)',
      // the engineering boss's leave completes the wing too (the decision table)
      'executioner_engineering.s7.leave: setTripFlag(engineering)',
      'executioner_engineering.s8: setTripFlag(engineering)',
      // the planning room's maps: three patches revealed
      'executioner_martial.s7_1.scavenge: revealAround()',
      'executioner_martial.s7_1.scavenge: revealAround()',
      'executioner_martial.s7_1.scavenge: revealAround()',
      'executioner_martial.s13: setTripFlag(martial)',
      'executioner_medical.s17: setTripFlag(medical)',
      // the command deck's end: the tile becomes an outpost on a road
      'executioner_command.s7: clearDungeon()',
    ]);
  });

  it('hands the effects the context they were given', () => {
    const ctx = fakeCtx();
    intro.scenes.s7.onLoad!(ctx);
    expect(vi.mocked(effects.drawRoad)).toHaveBeenCalledWith(ctx);
    expect(vi.mocked(effects.setTripFlag)).toHaveBeenCalledWith(ctx, 'executioner');
  });

  it('says the battleship was entered when the wanderer goes through the breach, and only then', () => {
    const ctx = fakeCtx();
    intro.scenes.s1.onLoad!(ctx);
    expect(ctx.events).toEqual([{ type: 'milestone', id: 'battleship_entered' }]);
    const hooks = EXECUTIONER.flatMap((e) => Object.entries(e.scenes).filter(([, s]) => s.onLoad).map(([id, s]) => [`${e.id}.${id}`, s] as const));
    for (const [where, scene] of hooks) {
      if (where === 'executioner_intro.s1') continue;
      const other = fakeCtx();
      scene.onLoad!(other);
      expect(other.events, where).toEqual([]);
    }
  });
});

describe('the way in and the elevator bank', () => {
  /** A new game out on a trip with `trip` flags, and `home` flags kept from earlier trips. */
  function withFlags(trip: string[], home: string[] = []): GameState {
    const state = newGame(1);
    state.flags = Object.fromEntries(home.map((f) => [f, true]));
    state.expedition = { flags: Object.fromEntries(trip.map((f) => [f, true])) } as GameState['expedition'];
    return state;
  }
  const open = (state: GameState) =>
    Object.fromEntries(Object.entries(antechamber.scenes.start.buttons).map(([id, b]) => [id, b.available ? b.available(state) : true]));

  it('the tile opens the intro until the way in is found, on this trip or one brought home, then the antechamber', () => {
    expect(executionerEntry(withFlags([]))).toBe('executioner_intro');
    expect(executionerEntry(withFlags(['engineering']))).toBe('executioner_intro');
    expect(executionerEntry(withFlags(['executioner']))).toBe('executioner_antechamber');
    expect(executionerEntry(withFlags([], ['executioner']))).toBe('executioner_antechamber');
  });

  it('offers every wing not yet done, and the command deck only once all three are', () => {
    expect(open(withFlags(['executioner']))).toEqual({ engineering: true, medical: true, martial: true, command: false, leave: true });
    expect(open(withFlags(['engineering'], ['medical']))).toEqual({
      engineering: false,
      medical: false,
      martial: true,
      command: false,
      leave: true,
    });
    expect(open(withFlags(['martial'], ['engineering', 'medical']))).toEqual({
      engineering: false,
      medical: false,
      martial: false,
      command: true,
      leave: true,
    });
    expect(open(withFlags([], ['engineering', 'medical', 'martial']))).toMatchObject({ command: true });
  });

  it('reads a flag from the trip or from home, and from neither when nobody is out and nothing came home', () => {
    expect(shipDone(withFlags(['medical']), 'medical')).toBe(true);
    expect(shipDone(withFlags([], ['medical']), 'medical')).toBe(true);
    expect(shipDone(newGame(1), 'medical')).toBe(false);
  });

  it('lets the wanderer turn back from the fire only when neither water nor health can pay', () => {
    const at = (water: number, hp: number) => {
      const state = newGame(1);
      state.expedition = { water, hp } as GameState['expedition'];
      return cornered(state);
    };
    expect(at(5, 1)).toBe(false);
    expect(at(0, 11)).toBe(false);
    expect(at(4, 10)).toBe(true);
    expect(cornered(newGame(1))).toBe(false);
  });
});

/**
 * The deserted town and the ruined city against the spec's tables (events/07). Every number below
 * is copied from the spec, never computed from the content: the scene tables (kinds, buttons,
 * costs, locks, chances), the enemy tables and the loot tables (their "effective" column, as our
 * ranges include both ends). The world effects are mocked, so the test sees which scenes call them.
 */
import { percentChances } from '../../testing/events.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventCtx, EventDef, Next } from '../../events/types.ts';
import * as effects from '../../world/effects.ts';
import { WORLD_EVENTS } from '../events/index.ts';
import { SETPIECES_B } from './b.ts';
import { city } from './city.ts';
import { town } from './town.ts';

vi.mock('../../world/effects.ts');

// ---------------------------------------------------------------------------------------------
// The spec's tables, in its own notation: `button [torch] (1s) → a 30% / b 70%; …`.

type SceneRow = readonly [scene: string, kind: 'story' | 'combat', buttons: string];
type EnemyRow = readonly [
  scene: string,
  name: string,
  glyph: string,
  hp: number,
  dmg: number,
  hit: number,
  delay: number,
  ranged: boolean,
];
type LootRow = readonly [scene: string, item: string, min: number, max: number, chance: number];

const TOWN_SCENES: readonly SceneRow[] = [
  ['start', 'story', 'enter → a1 30% / a3 40% / a2 30%; leave → end'],
  ['a1', 'story', 'enter [torch] → b1 50% / b2 50%; leave → end'],
  ['a2', 'combat', 'continue (1s) → b3 50% / b4 50%; leave (1s) → end'],
  ['a3', 'story', 'enter [torch] → b5 50% / end5 50%; leave → end'],
  ['b1', 'story', 'continue (1s) → c1 50% / c2 50%; leave (1s) → end'],
  ['b2', 'combat', 'continue (1s) → c2 50% / c3 50%; leave (1s) → end'],
  ['b3', 'combat', 'continue (1s) → c4 50% / c5 50%; leave (1s) → end'],
  ['b4', 'story', 'continue (1s) → c5 50% / c6 50%; leave (1s) → end'],
  ['b5', 'combat', 'continue (1s) → end5 30% / end6 70%; leave (1s) → end'],
  ['c1', 'combat', 'continue (1s) → d1; leave (1s) → end'],
  ['c2', 'combat', 'continue (1s) → d1; leave (1s) → end'],
  ['c3', 'story', 'continue → d1; leave → end'],
  ['c4', 'combat', 'continue (1s) → d2; leave (1s) → end'],
  ['c5', 'story', 'continue → d2; leave → end'],
  ['c6', 'story', 'continue (1s) → d2; leave (1s) → end'],
  ['d1', 'combat', 'continue (1s) → end1 50% / end2 50%; leave (1s) → end'],
  ['d2', 'combat', 'continue (1s) → end3 50% / end4 50%; leave (1s) → end'],
  ['end1', 'story', 'leave (1s) → end'],
  ['end2', 'story', 'leave (1s) → end'],
  ['end3', 'story', 'leave (1s) → end'],
  ['end4', 'story', 'leave (1s) → end'],
  ['end5', 'story', 'leave (1s) → end'],
  ['end6', 'story', 'leave → end'],
];

const TOWN_ENEMIES: readonly EnemyRow[] = [
  ['a2', 'thug', 'E', 30, 4, 0.8, 2, false],
  ['b2', 'scavenger', 'E', 30, 4, 0.8, 2, false],
  ['b3', 'beast', 'R', 25, 3, 0.8, 1, false],
  ['b5', 'madman', 'E', 10, 6, 0.3, 1, false],
  ['c1', 'thug', 'E', 30, 4, 0.8, 2, false],
  ['c2', 'beast', 'R', 25, 3, 0.8, 1, false],
  ['c4', 'beast', 'R', 25, 4, 0.8, 1, false],
  ['d1', 'scavenger', 'E', 30, 5, 0.8, 2, false],
  ['d2', 'vigilante', 'D', 30, 6, 0.8, 2, false],
];

const TOWN_LOOT: readonly LootRow[] = [
  ['a2', 'cloth', 5, 9, 0.8],
  ['a2', 'leather', 5, 9, 0.8],
  ['a2', 'cured meat', 1, 4, 0.5],
  ['b1', 'cured meat', 1, 4, 1],
  ['b1', 'torch', 1, 2, 0.8],
  ['b1', 'bullets', 1, 4, 0.3],
  ['b1', 'medicine', 1, 2, 0.05],
  ['b2', 'cloth', 5, 9, 0.8],
  ['b2', 'leather', 5, 9, 0.8],
  ['b2', 'cured meat', 1, 4, 0.5],
  ['b3', 'teeth', 1, 4, 1],
  ['b3', 'fur', 5, 9, 1],
  ['b4', 'cured meat', 1, 4, 0.8],
  ['b4', 'torch', 1, 2, 0.5],
  ['b4', 'bullets', 1, 4, 0.3],
  ['b4', 'medicine', 1, 2, 0.1],
  ['b5', 'cloth', 2, 3, 0.3],
  ['b5', 'cured meat', 1, 4, 0.9],
  ['b5', 'medicine', 1, 1, 0.4],
  ['c1', 'cloth', 5, 9, 0.8],
  ['c1', 'leather', 5, 9, 0.8],
  ['c1', 'cured meat', 1, 4, 0.5],
  ['c2', 'teeth', 1, 4, 1],
  ['c2', 'fur', 5, 9, 1],
  ['c4', 'teeth', 1, 4, 1],
  ['c4', 'fur', 5, 9, 1],
  ['c6', 'cured meat', 1, 4, 1],
  ['d1', 'cured meat', 1, 4, 1],
  ['d1', 'leather', 5, 9, 0.8],
  ['d1', 'steel sword', 1, 1, 0.5],
  ['d2', 'cured meat', 1, 4, 1],
  ['d2', 'leather', 5, 9, 0.8],
  ['d2', 'steel sword', 1, 1, 0.5],
  ['end1', 'steel sword', 1, 1, 1],
  ['end1', 'steel', 5, 9, 1],
  ['end1', 'cured meat', 5, 9, 1],
  ['end1', 'bolas', 1, 4, 0.5],
  ['end1', 'medicine', 1, 1, 0.3],
  ['end2', 'coal', 5, 9, 1],
  ['end2', 'cured meat', 5, 9, 1],
  ['end2', 'leather', 5, 9, 1],
  ['end3', 'rifle', 1, 1, 1],
  ['end3', 'bullets', 1, 4, 1],
  ['end4', 'cured meat', 5, 9, 1],
  ['end4', 'iron', 5, 9, 1],
  ['end4', 'torch', 1, 4, 1],
  ['end4', 'bolas', 1, 4, 0.5],
  ['end4', 'medicine', 1, 1, 0.1],
  ['end5', 'medicine', 2, 4, 1],
];

const CITY_SCENES: readonly SceneRow[] = [
  ['start', 'story', 'enter → a1 20% / a2 30% / a3 30% / a4 20%; leave → end'],
  ['a1', 'story', 'continue → b1 50% / b2 50%; leave → end'],
  ['a2', 'story', 'continue → b3 50% / b4 50%; leave → end'],
  ['a3', 'story', 'continue → b5 50% / b6 50%; leave → end'],
  ['a4', 'story', 'enter [torch] → b7 50% / b8 50%; leave → end'],
  ['b1', 'story', 'enter → c1 50% / c2 50%; leave → end'],
  ['b2', 'combat', 'descend (1s) → c2 50% / c3 50%; leave (1s) → end'],
  ['b3', 'combat', 'continue (1s) → c4 50% / c5 50%; leave (1s) → end'],
  ['b4', 'combat', 'continue (1s) → c5 50% / c6 50%; leave (1s) → end'],
  ['b5', 'combat', 'continue (1s) → c7 50% / c8 50%; leave (1s) → end'],
  ['b6', 'story', 'continue → c8 50% / c9 50%; leave → end'],
  ['b7', 'story', 'continue → c12 30% / c10 40% / c11 30%; leave → end'],
  ['b8', 'combat', 'continue (1s) → c13 30% / c11 40% / end15 30%; leave (1s) → end'],
  ['c1', 'combat', 'continue (1s) → d1 50% / d2 50%; leave (1s) → end'],
  ['c2', 'combat', 'continue (1s) → d2; leave (1s) → end'],
  ['c3', 'story', 'enter [torch] → d2 50% / d3 50%; leave → end'],
  ['c4', 'story', 'enter → d4 50% / d5 50%; leave → end'],
  ['c5', 'story', 'enter → d5; leave → end'],
  ['c6', 'story', 'enter → d5 50% / d6 50%; leave → end'],
  ['c7', 'story', 'enter → d7 50% / d8 50%; leave → end'],
  ['c8', 'story', 'enter (1s) → d8; leave (1s) → end'],
  ['c9', 'story', 'enter (1s) → d8 50% / d9 50%; leave (1s) → end'],
  ['c10', 'story', 'enter → end12 20% / d10 40% / d11 40%; leave → end'],
  ['c11', 'combat', 'continue (1s) → end10; leave (1s) → end'],
  ['c12', 'combat', 'continue (1s) → end10; leave (1s) → end'],
  ['c13', 'story', 'continue (1s) → end10 50% / end11 50%; leave (1s) → end'],
  ['d1', 'combat', 'continue (1s) → end1 50% / end2 50%; leave (1s) → end'],
  ['d2', 'story', 'continue (1s) → end2; leave (1s) → end'],
  ['d3', 'combat', 'continue (1s) → end2 50% / end3 50%; leave (1s) → end'],
  ['d4', 'combat', 'continue (1s) → end4 50% / end5 50%; leave (1s) → end'],
  ['d5', 'combat', 'continue (1s) → end5; leave (1s) → end'],
  ['d6', 'combat', 'continue (1s) → end5 50% / end6 50%; leave (1s) → end'],
  ['d7', 'combat', 'continue (1s) → end7 50% / end8 50%; leave (1s) → end'],
  ['d8', 'combat', 'continue (1s) → end8; leave (1s) → end'],
  ['d9', 'combat', 'continue (1s) → end8 50% / end9 50%; leave (1s) → end'],
  ['d10', 'combat', 'continue (1s) → end14'],
  ['d11', 'combat', 'continue (1s) → end13'],
  ['end1', 'story', 'leave (1s) → end'],
  ['end2', 'story', 'leave (1s) → end'],
  ['end3', 'story', 'leave (1s) → end'],
  ['end4', 'story', 'leave (1s) → end'],
  ['end5', 'story', 'leave (1s) → end'],
  ['end6', 'story', 'leave (1s) → end'],
  ['end7', 'story', 'leave (1s) → end'],
  ['end8', 'story', 'leave (1s) → end'],
  ['end9', 'story', 'leave (1s) → end'],
  ['end10', 'story', 'leave (1s) → end'],
  ['end11', 'story', 'leave (1s) → end'],
  ['end12', 'story', 'leave (1s) → end'],
  ['end13', 'story', 'leave (1s) → end'],
  ['end14', 'story', 'leave (1s) → end'],
  ['end15', 'story', 'leave (1s) → end'],
];

const CITY_ENEMIES: readonly EnemyRow[] = [
  ['b2', 'lizard', 'R', 20, 5, 0.8, 2, false],
  ['b3', 'sniper', 'D', 30, 15, 0.8, 4, true],
  ['b4', 'soldier', 'D', 50, 8, 0.8, 2, true],
  ['b5', 'frail man', 'E', 10, 1, 0.8, 2, false],
  ['b8', 'old man', 'E', 10, 3, 0.5, 2, false],
  ['c1', 'thug', 'E', 30, 3, 0.8, 2, false],
  ['c2', 'beast', 'R', 30, 2, 0.8, 1, false],
  ['c11', 'squatters', 'EEE', 40, 2, 0.7, 0.5, false],
  ['c12', 'lizards', 'RRR', 30, 4, 0.7, 0.7, false],
  ['d1', 'bird', 'R', 45, 5, 0.7, 1, false],
  ['d3', 'rats', 'RRR', 60, 1, 0.8, 0.25, false],
  ['d4', 'veteran', 'D', 45, 6, 0.8, 2, false],
  ['d5', 'soldier', 'D', 50, 8, 0.8, 2, true],
  ['d6', 'commando', 'D', 55, 3, 0.9, 2, true],
  ['d7', 'squatters', 'EEE', 40, 2, 0.7, 0.5, false],
  ['d8', 'youth', 'E', 45, 2, 0.7, 1, false],
  ['d9', 'squatter', 'E', 20, 3, 0.8, 2, false],
  ['d10', 'deformed', 'T', 40, 8, 0.6, 2, false],
  ['d11', 'tentacles', 'TTT', 60, 2, 0.6, 0.5, false],
];

const CITY_LOOT: readonly LootRow[] = [
  ['b2', 'scales', 5, 9, 0.8],
  ['b2', 'teeth', 5, 9, 0.5],
  ['b2', 'meat', 5, 9, 0.8],
  ['b3', 'cured meat', 1, 4, 0.8],
  ['b3', 'bullets', 1, 4, 0.5],
  ['b3', 'rifle', 1, 1, 0.2],
  ['b4', 'cured meat', 1, 4, 0.8],
  ['b4', 'bullets', 1, 4, 0.5],
  ['b4', 'rifle', 1, 1, 0.2],
  ['b5', 'cured meat', 1, 4, 0.8],
  ['b5', 'cloth', 1, 4, 0.5],
  ['b5', 'leather', 1, 1, 0.2],
  ['b5', 'medicine', 1, 2, 0.05],
  ['b8', 'cured meat', 1, 2, 0.5],
  ['b8', 'cloth', 1, 4, 0.8],
  ['b8', 'medicine', 1, 1, 0.5],
  ['c1', 'steel sword', 1, 1, 0.5],
  ['c1', 'cured meat', 1, 2, 0.5],
  ['c1', 'cloth', 1, 4, 0.8],
  ['c2', 'meat', 1, 4, 0.8],
  ['c2', 'fur', 1, 4, 0.8],
  ['c2', 'teeth', 1, 4, 0.5],
  ['c8', 'steel sword', 1, 1, 0.8],
  ['c8', 'rifle', 1, 1, 0.5],
  ['c8', 'bullets', 1, 7, 0.25],
  ['c8', 'alien alloy', 1, 1, 0.01],
  ['c8', 'medicine', 1, 3, 0.5],
  ['c9', 'cured meat', 5, 9, 1],
  ['c11', 'cured meat', 1, 2, 0.5],
  ['c11', 'cloth', 3, 7, 0.8],
  ['c11', 'medicine', 1, 2, 0.3],
  ['c12', 'meat', 3, 7, 1],
  ['c12', 'teeth', 2, 3, 1],
  ['c12', 'scales', 3, 4, 1],
  ['c13', 'cured meat', 3, 9, 1],
  ['d1', 'meat', 5, 9, 0.8],
  ['d2', 'bullets', 1, 4, 0.5],
  ['d2', 'steel', 1, 9, 0.8],
  ['d2', 'alien alloy', 1, 1, 0.01],
  ['d2', 'cloth', 1, 9, 1],
  ['d3', 'fur', 5, 9, 0.8],
  ['d3', 'teeth', 5, 9, 0.5],
  ['d4', 'bayonet', 1, 1, 0.5],
  ['d4', 'cured meat', 1, 4, 0.8],
  ['d5', 'cured meat', 1, 4, 0.8],
  ['d5', 'bullets', 1, 4, 0.5],
  ['d5', 'rifle', 1, 1, 0.2],
  ['d6', 'rifle', 1, 1, 0.5],
  ['d6', 'bullets', 1, 4, 0.8],
  ['d6', 'cured meat', 1, 4, 0.8],
  ['d7', 'cloth', 1, 4, 0.8],
  ['d7', 'teeth', 1, 4, 0.5],
  ['d8', 'cloth', 1, 4, 0.8],
  ['d8', 'teeth', 1, 4, 0.5],
  ['d9', 'cloth', 1, 4, 0.8],
  ['d9', 'teeth', 1, 4, 0.5],
  ['d10', 'cloth', 1, 4, 0.8],
  ['d10', 'teeth', 2, 2, 1],
  ['d10', 'steel', 1, 2, 0.6],
  ['d10', 'scales', 2, 2, 0.1],
  ['d11', 'meat', 10, 19, 1],
  ['end1', 'bullets', 5, 9, 0.8],
  ['end1', 'bolas', 1, 4, 0.5],
  ['end1', 'alien alloy', 1, 1, 0.5],
  ['end2', 'torch', 1, 4, 0.8],
  ['end2', 'cured meat', 1, 4, 0.5],
  ['end3', 'rifle', 1, 1, 0.8],
  ['end3', 'bullets', 1, 4, 0.8],
  ['end3', 'laser rifle', 1, 1, 0.3],
  ['end3', 'energy cell', 1, 4, 0.3],
  ['end3', 'alien alloy', 1, 1, 0.3],
  ['end4', 'rifle', 1, 1, 1],
  ['end4', 'bullets', 1, 9, 1],
  ['end4', 'grenade', 1, 4, 0.8],
  ['end5', 'rifle', 1, 1, 1],
  ['end5', 'bullets', 1, 9, 1],
  ['end5', 'cured meat', 1, 4, 0.8],
  ['end5', 'medicine', 1, 3, 0.1],
  ['end6', 'laser rifle', 1, 1, 0.5],
  ['end6', 'energy cell', 1, 4, 0.5],
  ['end6', 'cured meat', 1, 9, 1],
  ['end7', 'steel sword', 1, 1, 0.8],
  ['end7', 'energy cell', 1, 4, 0.5],
  ['end7', 'cured meat', 1, 9, 1],
  ['end8', 'steel sword', 1, 1, 0.8],
  ['end8', 'bolas', 1, 4, 0.5],
  ['end8', 'cured meat', 1, 9, 1],
  ['end9', 'rifle', 1, 1, 0.8],
  ['end9', 'bullets', 1, 4, 0.8],
  ['end9', 'bolas', 1, 4, 0.5],
  ['end9', 'alien alloy', 1, 1, 0.2],
  ['end10', 'energy cell', 1, 1, 0.3],
  ['end10', 'medicine', 1, 4, 0.3],
  ['end10', 'teeth', 3, 7, 1],
  ['end10', 'scales', 4, 6, 0.9],
  ['end11', 'energy cell', 1, 1, 0.2],
  ['end11', 'medicine', 3, 9, 1],
  ['end11', 'teeth', 1, 1, 0.2],
  ['end12', 'energy cell', 1, 2, 0.2],
  ['end12', 'medicine', 3, 9, 0.5],
  ['end12', 'bullets', 2, 7, 1],
  ['end12', 'torch', 1, 2, 0.5],
  ['end12', 'grenade', 1, 1, 0.5],
  ['end12', 'alien alloy', 1, 1, 0.8],
  ['end13', 'steel sword', 1, 2, 0.5],
  ['end13', 'rifle', 1, 1, 0.3],
  ['end13', 'teeth', 2, 7, 1],
  ['end13', 'cloth', 3, 5, 0.5],
  ['end13', 'alien alloy', 1, 1, 0.1],
  ['end14', 'energy cell', 2, 4, 0.8],
  ['end14', 'medicine', 3, 11, 1],
  ['end14', 'cloth', 1, 2, 0.5],
  ['end14', 'steel', 2, 2, 0.3],
  ['end14', 'alien alloy', 1, 1, 0.3],
  ['end15', 'alien alloy', 1, 1, 0.8],
  ['end15', 'medicine', 1, 3, 1],
  ['end15', 'cured meat', 3, 6, 1],
  ['end15', 'bolas', 1, 2, 0.5],
  ['end15', 'fur', 1, 4, 0.8],
];

// ---------------------------------------------------------------------------------------------
// Reading the notation, and the content, into the same shape.

interface ButtonShape {
  cost: Record<string, number>;
  cooldown: number;
  /** `'end'`, or each target scene with its chance (summed, rounded to whole percent). */
  next: 'end' | Record<string, number>;
}

/** `enter [torch] (1s) → a 30% / b 70%` → its shape. A lone target has chance 100 %. */
function parseButtons(spec: string): Record<string, ButtonShape> {
  const out: Record<string, ButtonShape> = {};
  for (const part of spec.split(';')) {
    const [head, tail] = part.split('→').map((s) => s.trim());
    const id = head.split(' ')[0];
    const next: ButtonShape['next'] =
      tail === 'end'
        ? 'end'
        : Object.fromEntries(
            tail.split('/').map((option) => {
              const [scene, percent] = option.trim().split(/\s+/);
              return [scene, percent ? Number(percent.replace('%', '')) : 100];
            }),
          );
    out[id] = { cost: head.includes('[torch]') ? { torch: 1 } : {}, cooldown: head.includes('(1s)') ? 1000 : 0, next };
  }
  return out;
}

const chances = (next: Next | undefined): ButtonShape['next'] => percentChances(next);

function buttonsOf(event: EventDef, scene: string): Record<string, ButtonShape> {
  return Object.fromEntries(
    Object.entries(event.scenes[scene].buttons).map(([id, b]) => [
      id,
      { cost: { ...b.cost }, cooldown: b.cooldown ?? 0, next: chances(b.next) },
    ]),
  );
}

/** The targets a `next` can lead to. */
const targets = (next: Next | undefined): string[] =>
  next === undefined || next === 'end' ? [] : typeof next === 'string' ? [next] : next.map(([, s]) => s);

/** A stand-in context for running a scene's hooks; the effects it calls are mocked. */
function fakeCtx(): EventCtx {
  return {
    state: {} as EventCtx['state'],
    now: 0,
    events: [],
    random: () => 0.5,
    randomInt: (min: number) => min,
    setParams: () => {},
    promise: () => {},
  };
}

const LANDMARKS = [
  { event: town, scenes: TOWN_SCENES, enemies: TOWN_ENEMIES, loot: TOWN_LOOT, count: 23, fights: 9 },
  { event: city, scenes: CITY_SCENES, enemies: CITY_ENEMIES, loot: CITY_LOOT, count: 52, fights: 19 },
] as const;

// ---------------------------------------------------------------------------------------------

describe('setpieces B (events/07)', () => {
  it('are the town and the city, world events no random roll can open', () => {
    expect(SETPIECES_B.map((e) => e.id)).toEqual(['town', 'city']);
    for (const event of SETPIECES_B) {
      expect(event.pool).toBe('world');
      expect(event.available({} as Parameters<EventDef['available']>[0])).toBe(false);
    }
  });

  it('are among the world events', () => {
    expect(WORLD_EVENTS).toEqual(expect.arrayContaining([town, city]));
  });
});

describe.each(LANDMARKS)('$event.id', ({ event, scenes, enemies, loot, count, fights }) => {
  beforeEach(() => vi.clearAllMocks());

  it(`has the spec's ${count} scenes, ${fights} of them fights`, () => {
    expect(Object.keys(event.scenes).sort()).toEqual(scenes.map(([s]) => s).sort());
    expect(Object.keys(event.scenes)).toHaveLength(count);
    const combat = Object.entries(event.scenes).filter(([, s]) => s.combat).map(([id]) => id);
    expect(combat.sort()).toEqual(scenes.filter(([, kind]) => kind === 'combat').map(([s]) => s).sort());
    expect(combat).toHaveLength(fights);
  });

  it.each(scenes.map(([scene, , spec]) => [scene, spec] as const))(
    '%s: buttons, costs, locks and chances are "%s"',
    (scene, spec) => {
      const actual = buttonsOf(event, scene);
      expect(actual).toEqual(parseButtons(spec));
      // and in the spec's order
      expect(Object.keys(actual)).toEqual(spec.split(';').map((p) => p.trim().split(' ')[0]));
    },
  );

  it('charges a torch only where the spec does, and nothing else anywhere', () => {
    const torches: string[] = [];
    for (const [sceneId, scene] of Object.entries(event.scenes)) {
      for (const [buttonId, button] of Object.entries(scene.buttons)) {
        if (button.cost) {
          expect(button.cost).toEqual({ torch: 1 });
          torches.push(`${sceneId}.${buttonId}`);
        }
        expect(button.reward).toBeUndefined();
        expect(button.nextEvent).toBeUndefined();
      }
      expect(scene.reward).toBeUndefined();
    }
    expect(torches.sort()).toEqual(event.id === 'town' ? ['a1.enter', 'a3.enter'] : ['a4.enter', 'c3.enter']);
  });

  it('fights every enemy of the spec, stat for stat', () => {
    for (const [scene, name, glyph, health, damage, hit, attackDelay, ranged] of enemies) {
      expect(event.scenes[scene].combat, scene).toEqual({
        id: `${event.id}_${name.replace(/ /g, '_')}`,
        glyph,
        health,
        damage,
        hit,
        attackDelay,
        ranged,
      });
    }
  });

  it('drops exactly the spec loot, ranges inclusive', () => {
    const expected: Record<string, Record<string, { min: number; max: number; chance: number }>> = {};
    for (const [scene, item, min, max, chance] of loot) (expected[scene] ??= {})[item] = { min, max, chance };
    const actual = Object.fromEntries(
      Object.entries(event.scenes)
        .filter(([, s]) => s.loot)
        .map(([id, s]) => [id, { ...s.loot }]),
    );
    expect(actual).toEqual(expected);
  });

  it('clears the dungeon exactly on reaching an end scene, and does nothing else to the world', () => {
    const cleared: string[] = [];
    for (const [sceneId, scene] of Object.entries(event.scenes)) {
      vi.clearAllMocks();
      scene.onLoad?.(fakeCtx());
      for (const button of Object.values(scene.buttons)) button.effect?.(fakeCtx());
      const clears = vi.mocked(effects.clearDungeon).mock.calls.length;
      const flags = vi.mocked(effects.setTripFlag).mock.calls.map(([, flag]) => flag);
      if (clears > 0) cleared.push(sceneId);
      expect(clears, sceneId).toBeLessThanOrEqual(1);
      // the city's clearing also marks the trip, committed home with the map on a safe return
      expect(flags, sceneId).toEqual(event.id === 'city' && clears > 0 ? ['cityCleared'] : []);
      for (const other of ['markVisited', 'drawRoad', 'refillWater', 'useOutpost', 'revealAround'] as const) {
        expect(vi.mocked(effects[other]), `${sceneId} ${other}`).not.toHaveBeenCalled();
      }
    }
    expect(cleared.sort()).toEqual(scenes.map(([s]) => s).filter((s) => s.startsWith('end')).sort());
  });

  it('hands the world effects the scene context they were given', () => {
    const ctx = fakeCtx();
    event.scenes.end1.onLoad!(ctx);
    expect(vi.mocked(effects.clearDungeon)).toHaveBeenCalledWith(ctx);
    if (event.id === 'city') expect(vi.mocked(effects.setTripFlag)).toHaveBeenCalledWith(ctx, 'cityCleared');
  });

  it('is a sound graph: every scene reachable from start, every target real, every chance table ending at 1', () => {
    const seen = new Set(['start']);
    const queue = ['start'];
    while (queue.length > 0) {
      const scene = event.scenes[queue.shift()!];
      for (const button of Object.values(scene.buttons)) {
        const next = button.next;
        if (Array.isArray(next)) {
          const thresholds = next.map(([t]) => t);
          expect(thresholds.at(-1)).toBe(1);
          expect(thresholds.every((t, i) => t > 0 && t <= 1 && (i === 0 || t > thresholds[i - 1]))).toBe(true);
        }
        for (const target of targets(next)) {
          expect(event.scenes, target).toHaveProperty(target);
          if (!seen.has(target)) {
            seen.add(target);
            queue.push(target);
          }
        }
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(event.scenes).sort());
  });

  it('lets every scene be left: each has at least one button', () => {
    for (const [id, scene] of Object.entries(event.scenes)) expect(Object.keys(scene.buttons).length, id).toBeGreaterThan(0);
  });
});

describe('enemy ids', () => {
  it("are the landmark's own: prefixed, and used by no other world event", () => {
    const ours = new Set<string>();
    for (const event of SETPIECES_B) {
      for (const scene of Object.values(event.scenes)) {
        if (!scene.combat) continue;
        expect(scene.combat.id.startsWith(`${event.id}_`)).toBe(true);
        ours.add(scene.combat.id);
      }
    }
    expect(ours.size).toBe(5 + 17);
    const others = WORLD_EVENTS.filter((e) => e.id !== 'town' && e.id !== 'city').flatMap((e) =>
      Object.values(e.scenes).flatMap((s) => (s.combat ? [s.combat.id] : [])),
    );
    expect(others.filter((id) => ours.has(id))).toEqual([]);
  });
});

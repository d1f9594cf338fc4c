import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnemyDef } from '../../combat/types.ts';
import { newGame, type GameState } from '../../core/state.ts';
import type { EventCtx, EventDef, EventScene, Next } from '../../events/types.ts';
import * as effects from '../../world/effects.ts';
import { SETPIECES_A } from './a.ts';
import { LEAVE_COOLDOWN } from './a-kit.ts';
import { claimCarryOver } from './cache.ts';

/*
 * Spec events/06 as tables, checked against the data: which scenes each landmark has, where every
 * button leads and with what chance, what it costs and whether it waits a second, every enemy's
 * numbers, every loot row (the spec's "effective", inclusive ranges), and which world effects each
 * scene calls. The world's effects are stood in for here, so this holds whether or not their
 * bodies are written; what they then do to the map is the world's own tests' business.
 */

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

const byId = (id: string): EventDef => {
  const event = SETPIECES_A.find((e) => e.id === id);
  if (!event) throw new Error(`no landmark ${id}`);
  return event;
};
const scene = (id: string): EventScene => {
  const [event, sceneId] = id.split('.');
  const found = byId(event).scenes[sceneId];
  if (!found) throw new Error(`no scene ${id}`);
  return found;
};

/** A chance table as each scene's own share, e.g. `{ a1: 0.3, a2: 0.3, a3: 0.4 }`; a plain target as 100 %. */
function shares(next: Next | undefined): Record<string, number> | string | undefined {
  if (next === undefined || typeof next === 'string') return next;
  let below = 0;
  const out: Record<string, number> = {};
  for (const [threshold, target] of next) {
    out[target] = Math.round((threshold - below) * 1000) / 1000;
    below = threshold;
  }
  return out;
}

/** Spec "Counts (this file)": scenes and fights per landmark, S1 … S11 in order. */
const COUNTS: Record<string, [scenes: number, fights: number]> = {
  outpost: [1, 0],
  house: [4, 1],
  battlefield: [1, 0],
  borehole: [1, 0],
  swamp: [3, 0],
  ship: [1, 0],
  cache: [3, 0],
  ironmine: [3, 1],
  coalmine: [5, 3],
  sulphurmine: [5, 3],
  cave: [13, 5],
};

/**
 * Every button of every scene: where it leads (a scene, `'end'`, or each scene's share of a chance
 * table), `lock` when it waits a second after appearing (the spec's ⏱1s), its cost if any.
 */
type Row = { next: ReturnType<typeof shares>; lock?: true; cost?: Record<string, number> };
const to = (next: Row['next'], extra: Omit<Row, 'next'> = {}): Row => ({ next, ...extra });
const locked = (next: Row['next']): Row => ({ next, lock: true });
const TORCH = { torch: 1 };

const BUTTONS: Record<string, Record<string, Row>> = {
  'outpost.start': { leave: locked('end') },

  'house.start': { enter: to({ medicine: 0.25, supplies: 0.25, occupied: 0.5 }), leave: to('end') },
  'house.supplies': { leave: locked('end') },
  'house.medicine': { leave: locked('end') },
  'house.occupied': { leave: locked('end') },

  'battlefield.start': { leave: to('end') },

  'borehole.start': { leave: locked('end') },

  'swamp.start': { enter: to('cabin'), leave: to('end') },
  'swamp.cabin': { talk: to('talk', { cost: { charm: 1 } }), leave: to('end') },
  'swamp.talk': { leave: to('end') },

  'ship.start': { salvage: to('end') },

  'cache.start': { enter: to('underground'), leave: to('end') },
  'cache.underground': { take: to('exit') },
  'cache.exit': { leave: to('end') },

  'ironmine.start': { enter: to('enter', { cost: TORCH }), leave: to('end') },
  'ironmine.enter': { leave: locked('cleared') },
  'ironmine.cleared': { leave: to('end') },

  'coalmine.start': { attack: to('a1'), leave: to('end') },
  'coalmine.a1': { continue: locked('a2'), run: locked('end') },
  'coalmine.a2': { continue: locked('a3'), run: locked('end') },
  'coalmine.a3': { continue: locked('cleared') },
  'coalmine.cleared': { leave: to('end') },

  'sulphurmine.start': { attack: to('a1'), leave: to('end') },
  'sulphurmine.a1': { continue: locked('a2'), run: locked('end') },
  'sulphurmine.a2': { continue: locked('a3'), run: locked('end') },
  'sulphurmine.a3': { continue: locked('cleared') },
  'sulphurmine.cleared': { leave: to('end') },

  'cave.start': { enter: to({ a1: 0.3, a2: 0.3, a3: 0.4 }, { cost: TORCH }), leave: to('end') },
  'cave.a1': { continue: locked({ b1: 0.5, b2: 0.5 }), leave: locked('end') },
  'cave.a2': { continue: to({ b2: 0.5, b3: 0.5 }), leave: to('end') },
  'cave.a3': { continue: locked({ b3: 0.5, b4: 0.5 }), leave: locked('end') },
  'cave.b1': { continue: locked('c1'), leave: locked('end') },
  'cave.b2': { continue: to('c1', { cost: TORCH }), leave: to('end') },
  'cave.b3': { continue: locked('c2'), leave: locked('end') },
  'cave.b4': { continue: locked('c2'), leave: locked('end') },
  'cave.c1': { continue: locked({ end1: 0.5, end2: 0.5 }), leave: locked('end') },
  'cave.c2': { continue: locked({ end2: 0.7, end3: 0.3 }), leave: locked('end') },
  'cave.end1': { leave: locked('end') },
  'cave.end2': { leave: locked('end') },
  'cave.end3': { leave: locked('end') },
};

/** Spec enemy tables: scene → id, glyph, health, damage, hit, attack delay (s), ranged. */
const ENEMIES: Record<string, [string, string, number, number, number, number, boolean]> = {
  'house.occupied': ['house_squatter', 'E', 10, 3, 0.8, 2, false],
  'ironmine.enter': ['mine_matriarch', 'T', 10, 4, 0.8, 2, false],
  'coalmine.a1': ['camp_guard', 'E', 10, 3, 0.8, 2, false],
  'coalmine.a2': ['camp_guard', 'E', 10, 3, 0.8, 2, false],
  'coalmine.a3': ['camp_chief', 'D', 20, 5, 0.8, 2, false],
  'sulphurmine.a1': ['perimeter_soldier', 'D', 50, 8, 0.8, 2, true],
  'sulphurmine.a2': ['perimeter_soldier', 'D', 50, 8, 0.8, 2, true],
  'sulphurmine.a3': ['mine_veteran', 'D', 65, 10, 0.8, 2, false],
  'cave.a1': ['cave_beast', 'R', 5, 1, 0.8, 1, false],
  'cave.b3': ['cave_beast', 'R', 5, 1, 0.8, 1, false],
  'cave.b4': ['cave_lizard', 'R', 6, 3, 0.8, 2, false],
  'cave.c1': ['cave_brute', 'R', 10, 3, 0.8, 2, false],
  'cave.c2': ['cave_giant_lizard', 'T', 10, 4, 0.8, 2, false],
};

/** Spec loot tables, effective (inclusive) ranges: scene → item → [min, max, chance]. */
const LOOT: Record<string, Record<string, [number, number, number]>> = {
  'outpost.start': { 'cured meat': [5, 9, 1] },
  'house.supplies': { 'cured meat': [1, 9, 0.8], leather: [1, 9, 0.2], cloth: [1, 9, 0.5] },
  'house.medicine': { medicine: [2, 4, 1] },
  'house.occupied': { 'cured meat': [1, 9, 0.8], leather: [1, 9, 0.2], cloth: [1, 9, 0.5] },
  'battlefield.start': {
    rifle: [1, 2, 0.5],
    bullets: [5, 19, 0.8],
    'laser rifle': [1, 2, 0.3],
    'energy cell': [5, 9, 0.5],
    grenade: [1, 4, 0.5],
    'alien alloy': [1, 1, 0.3],
  },
  'borehole.start': { 'alien alloy': [1, 2, 1] },
  'ironmine.enter': { teeth: [5, 9, 1], scales: [5, 9, 0.8], cloth: [5, 9, 0.5] },
  'coalmine.a1': { 'cured meat': [1, 4, 0.8], cloth: [1, 4, 0.8] },
  'coalmine.a2': { 'cured meat': [1, 4, 0.8], cloth: [1, 4, 0.8] },
  'coalmine.a3': { 'cured meat': [5, 9, 1], cloth: [5, 9, 0.8], iron: [1, 4, 0.8] },
  'sulphurmine.a1': { 'cured meat': [1, 4, 0.8], bullets: [1, 4, 0.5], rifle: [1, 1, 0.2] },
  'sulphurmine.a2': { 'cured meat': [1, 4, 0.8], bullets: [1, 4, 0.5], rifle: [1, 1, 0.2] },
  'sulphurmine.a3': { bayonet: [1, 1, 0.5], 'cured meat': [1, 4, 0.8] },
  'cave.a1': { fur: [1, 9, 1], teeth: [1, 4, 0.8] },
  'cave.a3': { 'cured meat': [1, 4, 1], torch: [1, 4, 0.5], leather: [1, 4, 0.3] },
  'cave.b1': { 'iron sword': [1, 1, 1], 'cured meat': [1, 4, 0.8], torch: [1, 2, 0.5], medicine: [1, 1, 0.1] },
  'cave.b3': { fur: [1, 2, 1], teeth: [1, 1, 0.8] },
  'cave.b4': { scales: [1, 2, 1], teeth: [1, 1, 0.8] },
  'cave.c1': { fur: [1, 2, 1], teeth: [1, 2, 1] },
  'cave.c2': { scales: [1, 2, 1], teeth: [1, 2, 1] },
  'cave.end1': { meat: [5, 9, 1], fur: [5, 9, 1], scales: [5, 9, 1], teeth: [5, 9, 1], cloth: [5, 9, 0.5] },
  'cave.end2': {
    cloth: [5, 9, 1],
    leather: [5, 9, 1],
    iron: [5, 9, 1],
    'cured meat': [5, 9, 1],
    steel: [5, 9, 0.5],
    bolas: [1, 2, 0.3],
    medicine: [1, 3, 0.15],
  },
  'cave.end3': { 'steel sword': [1, 1, 1], bolas: [1, 2, 0.5], medicine: [1, 2, 0.3] },
};

/** What each scene does to the world as it opens, in order; every other scene does nothing. */
const ON_LOAD: Record<string, string[]> = {
  'outpost.start': ['refillWater', 'useOutpost'],
  'house.supplies': ['refillWater', 'markVisited'],
  'house.medicine': ['markVisited'],
  'house.occupied': ['markVisited'],
  'battlefield.start': ['markVisited'],
  'borehole.start': ['markVisited'],
  'swamp.talk': ['markVisited'],
  'ship.start': ['markVisited', 'drawRoad', 'setTripFlag:ship'],
  'cache.exit': ['markVisited'],
  'ironmine.cleared': ['drawRoad', 'setTripFlag:ironmine', 'markVisited'],
  'coalmine.cleared': ['drawRoad', 'setTripFlag:coalmine', 'markVisited'],
  'sulphurmine.cleared': ['drawRoad', 'setTripFlag:sulphurmine', 'markVisited'],
  'cave.end1': ['clearDungeon'],
  'cave.end2': ['clearDungeon'],
  'cave.end3': ['clearDungeon'],
};

const ALL_SCENES = SETPIECES_A.flatMap((event) => Object.keys(event.scenes).map((id) => `${event.id}.${id}`));

/** A context for running hooks by hand: a fresh game with a trip under way, and the notices said. */
function hookCtx(state: GameState = newGame(1)): EventCtx {
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

/** The world effects a hook calls, in order, as `name` or `name:flag`. */
function effectsOf(hook: ((ctx: EventCtx) => void) | undefined, ctx = hookCtx()): string[] {
  for (const name of EFFECTS) vi.mocked(effects[name]).mockClear();
  hook?.(ctx);
  const calls: Array<[number, string]> = [];
  for (const name of EFFECTS) {
    const mock = vi.mocked(effects[name]);
    mock.mock.calls.forEach((args, i) => {
      expect(args[0], name).toBe(ctx);
      const label = name === 'setTripFlag' ? `${name}:${String(args[1])}` : name;
      calls.push([mock.mock.invocationCallOrder[i], label]);
    });
  }
  return calls.sort((a, b) => a[0] - b[0]).map(([, label]) => label);
}

describe('setpieces A', () => {
  beforeEach(() => vi.clearAllMocks());

  it('are S1 … S11 in order, opened by the world and never by chance', () => {
    expect(SETPIECES_A.map((e) => e.id)).toEqual(Object.keys(COUNTS));
    const states = [newGame(1), { ...newGame(2), location: 'world' as const }];
    for (const event of SETPIECES_A) {
      expect(event.pool).toBe('world');
      for (const state of states) expect(event.available(state)).toBe(false);
    }
  });

  it('have the spec\'s scenes and fights: 40 scenes, 13 of them fights', () => {
    for (const event of SETPIECES_A) {
      const scenes = Object.values(event.scenes);
      expect([event.id, scenes.length, scenes.filter((s) => s.combat).length]).toEqual([event.id, ...COUNTS[event.id]]);
    }
    expect(ALL_SCENES).toHaveLength(40);
    expect(Object.keys(ENEMIES)).toHaveLength(13);
  });

  it('a second is the leave pause', () => {
    expect(LEAVE_COOLDOWN).toBe(1000);
  });

  it.each(ALL_SCENES)('%s: its buttons, where they lead, their pause and cost', (id) => {
    const expected = BUTTONS[id];
    expect(expected, `the table lists ${id}`).toBeDefined();
    const actual = Object.fromEntries(
      Object.entries(scene(id).buttons).map(([buttonId, button]) => {
        const row: Row = { next: shares(button.next) };
        if (button.cooldown !== undefined) {
          expect(button.cooldown, `${id}.${buttonId}`).toBe(LEAVE_COOLDOWN);
          row.lock = true;
        }
        if (button.cost) row.cost = { ...button.cost };
        expect(button.reward, `${id}.${buttonId} pays nothing home`).toBeUndefined();
        expect(button.nextEvent, `${id}.${buttonId}`).toBeUndefined();
        expect(button.available, `${id}.${buttonId}`).toBeUndefined();
        return [buttonId, row];
      }),
    );
    expect(actual).toEqual(expected);
    // Shown in the spec's order.
    expect(Object.keys(scene(id).buttons)).toEqual(Object.keys(expected));
  });

  it.each(ALL_SCENES)('%s: its enemy, to the number', (id) => {
    const foe = scene(id).combat;
    const row = ENEMIES[id];
    if (!row) {
      expect(foe).toBeUndefined();
      return;
    }
    const [enemyId, glyph, health, damage, hit, attackDelay, ranged] = row;
    const expected: EnemyDef = { id: enemyId, glyph, health, damage, hit, attackDelay, ranged };
    expect(foe).toEqual(expected);
  });

  it.each(ALL_SCENES)('%s: its loot, row by row', (id) => {
    const loot = scene(id).loot;
    const rows = LOOT[id];
    if (!rows) {
      expect(loot).toBeUndefined();
      return;
    }
    const expected = Object.fromEntries(Object.entries(rows).map(([item, [min, max, chance]]) => [item, { min, max, chance }]));
    expect(loot).toEqual(expected);
  });

  it.each(ALL_SCENES)('%s: pays nothing home and says nothing of its own as it opens', (id) => {
    expect(scene(id).reward).toBeUndefined();
    expect(scene(id).notice).toBeUndefined();
  });

  it.each(ALL_SCENES)('%s: what it does to the world as it opens', (id) => {
    expect(effectsOf(scene(id).onLoad)).toEqual(ON_LOAD[id] ?? []);
  });

  it('buttons do nothing to the world themselves: scenes do, as they open', () => {
    for (const event of SETPIECES_A) {
      for (const s of Object.values(event.scenes)) {
        for (const button of Object.values(s.buttons)) expect(button.effect).toBeUndefined();
      }
    }
  });

  it('no enemy of these landmarks shares its id with another landmark', () => {
    const owner = new Map<string, string>();
    for (const [id, [enemyId]] of Object.entries(ENEMIES)) {
      const event = id.split('.')[0];
      expect(owner.get(enemyId) ?? event, enemyId).toBe(event);
      owner.set(enemyId, event);
    }
  });
});

describe('lasting effects', () => {
  it('the hermit teaches gastronome once the charm is given, and says so', () => {
    const ctx = hookCtx();
    scene('swamp.talk').onLoad!(ctx);
    expect(ctx.state.character.perks.gastronome).toBe(true);
    expect(ctx.events).toContainEqual({ type: 'notice', key: 'notice.perk.learned', params: { perk: 'gastronome' } });
    // A second visit teaches nothing new (the tile is done, but the perk is never granted twice).
    const again = hookCtx(ctx.state);
    scene('swamp.talk').onLoad!(again);
    expect(again.events).toEqual([]);
  });

  it('no other scene grants a perk', () => {
    for (const id of ALL_SCENES.filter((s) => s !== 'swamp.talk')) {
      const ctx = hookCtx();
      scene(id).onLoad?.(ctx);
      expect(ctx.state.character.perks, id).toEqual({});
    }
  });

  it('the cache pays a previous run\'s stockpile into the home stores, once', () => {
    const state = newGame(1);
    state.stores = { wood: 10 };
    state.prestige = { stores: { wood: 40, bullets: 3, 'laser rifle': 0 }, score: 120 };
    claimCarryOver(hookCtx(state));
    expect(state.stores).toEqual({ wood: 50, bullets: 3 });
    expect(state.prestige).toEqual({ stores: null, score: 120 });
    claimCarryOver(hookCtx(state));
    expect(state.stores).toEqual({ wood: 50, bullets: 3 });
  });

  it('the cache pays nothing when no run came before', () => {
    const state = newGame(1);
    state.stores = { wood: 10 };
    scene('cache.exit').onLoad!(hookCtx(state));
    expect(state.stores).toEqual({ wood: 10 });
  });
});

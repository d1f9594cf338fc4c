import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { apply } from '../apply.ts';
import { MAX_STORE, type GameState } from '../core/state.ts';
import { importOriginalSave, MAX_ORIGINAL_CODE_CHARS, type OriginalImport } from './original.ts';

/**
 * The fixtures are original-format states written by hand from spec core/01 §4.1 (the `.json`
 * files; the 61 × 61 maps laid out by a small rule) and their save codes as the original exports
 * them, `Base64(UTF8(JSON))` (the `.code.txt` files).
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const EARLY = fixture('early.code.txt');
const VILLAGE = fixture('village.code.txt');
const ENDGAME = fixture('endgame.code.txt');
const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString('base64');
const original = (name: string) => JSON.parse(fixture(name)) as Record<string, any>;

function ok(result: OriginalImport) {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

/** The state runs: an hour of play and a command go through the engine without complaint. */
function runs(state: GameState) {
  const later = advance(state, 3_600_000).state;
  expect(later.clock).toBe(3_600_000);
  return later;
}

describe('importing an early game', () => {
  const { state, notCarried } = ok(importOriginalSave(EARLY, 7));

  it('carries the stores, the fire, the builder and the traps', () => {
    expect(state.stores).toEqual({ wood: 120, fur: 12, meat: 8, bait: 1 });
    expect(state.room).toEqual({ fire: 4, temperature: 3, builder: 4 });
    expect(state.outside).toEqual({ buildings: { trap: 3, cart: 1 }, population: 0, workers: {} });
    expect(state.features).toEqual({ outside: true, path: false, fabricator: false, ship: false });
    expect(state.flags).toEqual({ seen_forest: true });
    expect(state.seen.buildings).toEqual(['trap', 'cart']);
    expect(state.world).toBeNull();
  });

  it('starts every timer afresh, as a new game at this point', () => {
    expect(state.clock).toBe(0);
    expect(state.timers.fireCool).toBe(300_000);
    expect(state.timers.builder).toBeNull();
    expect(state.timers.population).toBeNull();
    expect(state.timers.event).toBeGreaterThanOrEqual(180_000);
    expect(state.income).toEqual({ builder: 1000, gatherer: 1000 });
    expect(state.cooldowns).toEqual({});
  });

  it('lists the clock, the milestones and the button cooldowns as not carried', () => {
    expect(notCarried).toEqual([{ key: 'timers' }, { key: 'milestones' }, { key: 'cooldowns' }]);
  });

  it('plays on: income comes in and the builder builds', () => {
    const later = runs(state);
    expect(later.stores.wood).toBeGreaterThan(120);
    const built = apply(state, { type: 'build', building: 'trap' }, 1000);
    expect(built.ok).toBe(true);
  });

  it('is the same for the same seed', () => {
    expect(ok(importOriginalSave(EARLY, 7)).state).toEqual(state);
  });
});

describe('importing a village with a world map and perks', () => {
  const { state, notCarried } = ok(importOriginalSave(VILLAGE, 3));
  const src = original('village.json');

  it('carries the buildings, population and workers, with every opened job', () => {
    expect(state.outside.buildings).toEqual(src.game.buildings);
    expect(state.outside.population).toBe(18);
    expect(state.outside.workers).toEqual({ hunter: 4, trapper: 2, tanner: 2, charcutier: 2, 'iron miner': 2 });
    expect(Object.keys(state.income).sort()).toEqual(['builder', 'charcutier', 'gatherer', 'hunter', 'iron miner', 'tanner', 'trapper']);
    expect(state.timers.population).not.toBeNull();
  });

  it('carries the stores, perks and counters, the thieves and the outfit', () => {
    expect(state.stores).toEqual(src.stores);
    expect(state.character).toEqual({ perks: { scout: true, boxer: true }, punches: 63, starved: 2, dehydrated: 0, blueprints: {} });
    expect(state.thieves).toEqual({ state: 2, stolen: { wood: 340, fur: 120, meat: 85 } });
    expect(state.outfit).toEqual({ 'cured meat': 10, torch: 2 });
    expect(state.features.path).toBe(true);
  });

  it('carries the map: letters, visited landmarks as done, the mask as seen', () => {
    const world = state.world!;
    expect(world.tiles).toHaveLength(61);
    expect(world.tiles[30]![30]).toBe('A');
    expect(world.tiles[33]![30]).toBe('I');
    expect(world.tiles[31]![30]).toBe('#');
    expect(world.done.sort()).toEqual(['27,26', '33,30']);
    expect(world.seen[30]![30]).toBe('1');
    expect(world.seen[30]![34]).toBe('1');
    expect(world.seen[0]![0]).toBe('0');
    const seenCount = world.seen.join('').replaceAll('0', '').length;
    const maskCount = src.game.world.mask.flat().filter((m: unknown) => m === true).length;
    expect(seenCount).toBe(maskCount);
  });

  it('lists the pending event outcome as not carried', () => {
    expect(notCarried).toContainEqual({ key: 'wait' });
    expect(notCarried.some((n) => n.key === 'store')).toBe(false);
  });

  it('plays on: a worker can be moved and the workers produce', () => {
    const moved = apply(state, { type: 'assign', job: 'hunter', delta: 1 }, 0);
    expect(moved.ok).toBe(true);
    const later = runs(state);
    expect(later.stores.iron).toBeGreaterThan(230);
  });
});

describe('importing an endgame with the ship and prestige', () => {
  const { state, notCarried } = ok(importOriginalSave(ENDGAME, 11));

  it('carries the ship, the fabricator and its blueprints', () => {
    expect(state.features).toEqual({ outside: true, path: true, fabricator: true, ship: true });
    expect(state.ship).toEqual({ hull: 5, thrusters: 3, seenWarning: true });
    expect(state.character.blueprints).toEqual({ 'kinetic armour': true, hypo: true, 'plasma rifle': true });
    expect(state.flags).toMatchObject({ ship: true, executioner: true, engineering: true, medical: true, cityCleared: true, seen_ship: true, seen_fabricator: true });
    expect(state.flags.martial).toBeUndefined();
    expect(state.flags.ironmine).toBeUndefined();
  });

  it('carries the prestige block in the score table order, and the options', () => {
    expect(state.prestige.score).toBe(41230);
    expect(state.prestige.stores).toMatchObject({ wood: 400, fur: 30, 'cured meat': 9, 'bone spear': 1, 'laser rifle': 0, bullets: 12, bolas: 2 });
    expect(Object.keys(state.prestige.stores!)).toHaveLength(24);
    expect(state.config).toEqual({ hyperMode: true, lightsOff: true });
  });

  it('lists what has no place here: sound, an unknown store, cooldowns', () => {
    expect(notCarried).toEqual([
      { key: 'timers' },
      { key: 'milestones' },
      { key: 'sound' },
      { key: 'store', params: { name: 'glass beads' } },
      { key: 'cooldowns' },
    ]);
    expect(state.stores['glass beads']).toBeUndefined();
  });

  it('plays on: the hull can be reinforced', () => {
    const reinforced = apply(state, { type: 'reinforce_hull' }, 0);
    expect(reinforced.ok).toBe(true);
    if (reinforced.ok) expect(reinforced.state.ship!.hull).toBe(6);
    runs(state);
  });

  it('an emptied prestige array (the cache claimed) carries no stores', () => {
    const src = original('endgame.json');
    src.previous.stores = [];
    expect(ok(importOriginalSave(encode(src), 1)).state.prestige).toEqual({ stores: null, score: 41230 });
  });
});

describe('jobs', () => {
  it('a job left at 0 without its building stays closed', () => {
    const src = original('early.json');
    src.game.workers = { hunter: 0 };
    const { state } = ok(importOriginalSave(encode(src), 1));
    expect(state.outside.workers).toEqual({});
    expect(state.income.hunter).toBeUndefined();
  });
});

describe('save codes as the original writes them', () => {
  it('whitespace and dots are ignored, as the original does', () => {
    const spaced = EARLY.replace(/(.{20})/g, '$1\n .');
    expect(ok(importOriginalSave(spaced, 7)).state).toEqual(ok(importOriginalSave(EARLY, 7)).state);
  });

  it('non-ASCII text survives the original encoding', () => {
    const src = original('early.json');
    src.game.fire.text = 'płonący ogień';
    expect(importOriginalSave(encode(src), 1).ok).toBe(true);
  });
});

describe('hostile input is refused with a clear error', () => {
  const early = () => original('early.json');
  const refused = (code: string) => {
    const result = importOriginalSave(code, 1);
    if (result.ok) throw new Error('accepted');
    return result.error;
  };

  it('not base64', () => {
    expect(refused('this is not a save code!').code).toBe('import/not_base64');
    expect(refused('').code).toBe('import/not_base64');
    expect(refused('QUJD=').code).toBe('import/not_base64');
  });

  it('not JSON', () => {
    expect(refused(encode('{"version": 1.3, ')).code).toBe('import/not_json');
    expect(refused(Buffer.from([0xff, 0xfe, 0x00]).toString('base64')).code).toBe('import/not_json');
  });

  it('not the original game (JSON of something else, or a smoulder export)', () => {
    expect(refused(encode('[1,2,3]')).code).toBe('import/not_original');
    expect(refused(encode({ hello: 'world' })).code).toBe('import/not_original');
    expect(refused(encode({ format: 'smoulder-save', version: 1, state: {} })).code).toBe('import/not_original');
    expect(refused(encode({ ...early(), version: 1.1 })).code).toBe('import/not_original');
  });

  it('10 MB of input', () => {
    const error = refused('A'.repeat(10 * 1024 * 1024));
    expect(error.code).toBe('import/too_large');
    expect(MAX_ORIGINAL_CODE_CHARS).toBeLessThan(10 * 1024 * 1024);
  });

  it('negative numbers', () => {
    const src = early();
    src.stores.wood = -5;
    expect(refused(encode(src))).toMatchObject({ code: 'import/bad_value', path: 'stores.wood' });
  });

  it('fractional counts', () => {
    const src = early();
    src.game.buildings.trap = 2.5;
    expect(refused(encode(src))).toMatchObject({ code: 'import/bad_value', path: 'game.buildings.trap' });
  });

  it('NaN and Infinity, in every way JSON can spell them', () => {
    const text = JSON.stringify(early());
    expect(refused(encode(text.replace('"wood":120', '"wood":NaN'))).code).toBe('import/not_json');
    expect(refused(encode(text.replace('"wood":120', '"wood":Infinity'))).code).toBe('import/not_json');
    expect(refused(encode(text.replace('"wood":120', '"wood":1e999')))).toMatchObject({ code: 'import/bad_value', path: 'stores.wood' });
    // JSON.stringify(NaN) is null: how the original would save one.
    expect(refused(encode(text.replace('"wood":120', '"wood":null')))).toMatchObject({ code: 'import/bad_value', path: 'stores.wood' });
    expect(refused(encode(text.replace('"wood":120', '"wood":"120"')))).toMatchObject({ code: 'import/bad_value', path: 'stores.wood' });
  });

  it('numbers beyond the game maxima', () => {
    const cases: Array<[(s: Record<string, any>) => void, string]> = [
      [(s) => (s.stores.wood = MAX_STORE + 1), 'stores.wood'],
      [(s) => (s.stores.compass = 2), 'stores.compass'],
      [(s) => (s.game.buildings.trap = 11), 'game.buildings.trap'],
      [(s) => (s.game.fire.value = 5), 'game.fire.value'],
      [(s) => ((s.game.buildings.hut = 2), (s.game.population = 9)), 'game.population'],
      [(s) => ((s.game.buildings.hut = 2), (s.game.buildings.lodge = 1), (s.game.population = 8), (s.game.workers = { hunter: 9 })), 'game.workers.hunter'],
      [(s) => (s.previous = { stores: Array.from({ length: 24 }, (_, i) => (i === 3 ? MAX_STORE * 2 : 1)) }), 'previous.stores[3]'],
    ];
    for (const [change, path] of cases) {
      const src = early();
      change(src);
      expect(refused(encode(src)), path).toMatchObject({ code: 'import/bad_value', path });
    }
  });

  it('unknown keys', () => {
    expect(refused(encode({ ...early(), cheats: true }))).toMatchObject({ code: 'import/unknown_key', path: 'cheats' });
    const inGame = early();
    inGame.game.godMode = true;
    expect(refused(encode(inGame))).toMatchObject({ code: 'import/unknown_key', path: 'game.godMode' });
    const perk = early();
    perk.character.perks = { invincible: true };
    expect(refused(encode(perk)).code).toBe('import/unknown_key');
    const building = early();
    building.game.buildings.castle = 1;
    expect(refused(encode(building)).code).toBe('import/unknown_key');
  });

  it('__proto__, constructor and prototype keys', () => {
    const text = JSON.stringify(early());
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const code = encode(text.replace('"stores":{', `"stores":{"${key}":{"polluted":1},`));
      expect(refused(code)).toMatchObject({ code: 'import/unknown_key', path: key });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('deep nesting', () => {
    const deep = `{"version":1.3,"wait":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    expect(refused(encode(deep)).code).toBe('import/too_deep');
  });

  it('a malformed map', () => {
    const src = original('village.json');
    src.game.world.map[3][4] = 'Z';
    expect(refused(encode(src))).toMatchObject({ code: 'import/bad_value', path: 'game.world.map[3][4]' });
    const short = original('village.json');
    short.game.world.map.pop();
    expect(refused(encode(short)).code).toBe('import/bad_value');
  });
});

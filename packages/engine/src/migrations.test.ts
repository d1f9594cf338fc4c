import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advance } from './advance.ts';
import { apply } from './apply.ts';
import { newGame, STATE_VERSION, type GameState } from './core/state.ts';
import { migrate, MIGRATIONS, SaveFormatError } from './migrations.ts';
import { generateWorld } from './world/generate.ts';
import { BUILD_TRAP, CHECK_TRAPS, GATHER, LIGHT, openingGame, play, type Timed } from './testing/play.ts';
import { OPENING_SCRIPT, SCRIPT_END } from './testing/script.ts';

/**
 * A genuine version-1 save: seed 1, the fire lit at 0, wood gathered at 46 s, and at 150 s a trap
 * built and checked and wood gathered again; saved at 151 s. Made by the version-1 engine.
 */
const SAVE_V1 = JSON.parse(readFileSync(new URL('./fixtures/save-v1.json', import.meta.url), 'utf8'));
/** The same save as version 2 wrote it: the version-1 fixture through the 1 → 2 step only. */
const SAVE_V2 = JSON.parse(readFileSync(new URL('./fixtures/save-v2.json', import.meta.url), 'utf8'));
const V1_SCRIPT: Timed[] = [
  [0, LIGHT],
  [46_000, GATHER],
  [150_000, BUILD_TRAP],
  [150_000, CHECK_TRAPS],
  [150_000, GATHER],
];
const V1_SAVED_AT = 151_000;
const freshV3 = () => play(newGame(1), V1_SCRIPT, V1_SAVED_AT).state;
const withoutMilestones = ({ milestones: _, ...rest }: GameState) => rest;
const MINUTE = 60_000;
/** One mulberry32 draw moves the RNG state on by this constant. */
const oneDrawAfter = (state: number) => (state + 0x6d2b79f5) | 0;

describe('the version-1 fixture', () => {
  it('is a version-1 save from 151 s', () => {
    expect(SAVE_V1.version).toBe(1);
    expect(SAVE_V1.clock).toBe(V1_SAVED_AT);
    expect('milestones' in SAVE_V1).toBe(false);
  });
});

describe('the version-2 fixture', () => {
  it('is the version-1 fixture through the 1 → 2 step only', () => {
    expect(SAVE_V2).toEqual({ ...MIGRATIONS[1](structuredClone(SAVE_V1)), version: 2 });
  });

  it('has the version-2 shape: milestones, and none of the village fields', () => {
    expect(SAVE_V2.version).toBe(2);
    expect(SAVE_V2.clock).toBe(V1_SAVED_AT);
    expect(Object.keys(SAVE_V2.milestones)).toHaveLength(6);
    for (const key of ['location', 'character', 'thieves', 'event', 'payouts', 'flags']) expect(key in SAVE_V2).toBe(false);
    expect(SAVE_V2.features).toEqual({ outside: true });
    expect(Object.keys(SAVE_V2.timers).sort()).toEqual(['builder', 'fireCool', 'forest', 'temperature']);
    expect(SAVE_V2.seen).toEqual({ buildings: ['trap', 'cart'] });
  });
});

describe('migrating a version-1 save', () => {
  it('brings it to the current version', () => {
    expect(STATE_VERSION).toBe(5);
    expect(migrate(SAVE_V1).version).toBe(5);
  });

  it('goes through version 2: the same as migrating the version-2 fixture', () => {
    expect(migrate(SAVE_V1)).toEqual(migrate(SAVE_V2));
  });

  it('holds what a version-3 game played the same way holds, but for what chance and the lost history decide', () => {
    // The fresh game draws its first event time before the trap roll, the save after it: both have
    // made two draws (same RNG state), but the trap's one drop and the event time come from
    // different draws. The save cannot tell whether the forest was visited, so it counts as seen.
    const { stores, timers, flags, milestones: _, ...migrated } = migrate(SAVE_V1);
    const { stores: freshStores, timers: freshTimers, flags: freshFlags, milestones: __, ...fresh } = freshV3();
    expect(migrated).toEqual(fresh);
    expect({ ...timers, event: null }).toEqual({ ...freshTimers, event: null });
    expect(timers.event - V1_SAVED_AT).toBeOneOf([3 * MINUTE, 4 * MINUTE, 5 * MINUTE]);
    expect(stores.wood).toBe(freshStores.wood);
    const drops = (s: Record<string, number>) => Object.entries(s).filter(([r]) => r !== 'wood');
    expect(drops(stores).map(([, n]) => n)).toEqual([1]);
    expect(drops(freshStores).map(([, n]) => n)).toEqual([1]);
    expect(flags).toEqual({ seen_forest: true });
    expect(freshFlags).toEqual({});
  });

  it('dates every milestone the save had evidently passed to its clock', () => {
    expect(Object.keys(freshV3().milestones).sort()).toEqual(Object.keys(migrate(SAVE_V1).milestones).sort());
    expect(migrate(SAVE_V1).milestones).toEqual({
      fire_lit: 151_000,
      builder_arrived: 151_000,
      forest_opened: 151_000,
      first_gather: 151_000,
      builder_helping: 151_000,
      first_trap: 151_000,
    });
  });

  it('gives a state advance and apply accept, which plays on like the fresh one', () => {
    const migrated = migrate(SAVE_V1);
    // Give the fresh game what chance and the lost history gave the save; then only milestones differ.
    const fresh: GameState = { ...freshV3(), stores: migrated.stores, timers: migrated.timers, flags: migrated.flags };
    const later = advance(migrated, 300_000).state;
    const freshLater = advance(fresh, 300_000).state;
    expect(withoutMilestones(later)).toEqual(withoutMilestones(freshLater));
    const checked = apply(later, CHECK_TRAPS, 300_000);
    const played = apply(freshLater, CHECK_TRAPS, 300_000);
    expect(checked.ok && played.ok).toBe(true);
    if (checked.ok && played.ok) {
      expect(withoutMilestones(checked.state)).toEqual(withoutMilestones(played.state));
      expect(checked.events).toEqual(played.events);
    }
  });

  it('leaves the save it was given alone', () => {
    const copy = structuredClone(SAVE_V1);
    migrate(copy);
    expect(copy).toEqual(SAVE_V1);
  });

  it.each([
    ['a new game', { room: { fire: 0, temperature: 0, builder: -1 } }, {}],
    ['a lit fire', { room: { fire: 3, temperature: 0, builder: 0 } }, { fire_lit: 9 }],
    ['a dead fire beside the stranger', { room: { fire: 0, temperature: 0, builder: 1 } }, { fire_lit: 9, builder_arrived: 9 }],
    ['the open forest', { features: { outside: true } }, { forest_opened: 9 }],
    ['a gather still cooling down', { cooldowns: { gather: 60 } }, { first_gather: 9 }],
    ['a trap', { outside: { buildings: { trap: 2 } } }, { first_trap: 9 }],
    ['a helping builder', { room: { fire: 2, temperature: 2, builder: 4 } }, { fire_lit: 9, builder_arrived: 9, builder_helping: 9 }],
  ])('reads %s as its milestones', (_, patch, milestones) => {
    const { milestones: __, ...v1 } = { ...newGame(1), version: 1, clock: 9 };
    expect(migrate({ ...v1, ...patch }).milestones).toEqual(milestones);
  });
});

describe('migrating a version-2 save', () => {
  const v3 = () => migrate(SAVE_V2);

  it('keeps everything version 2 had, the RNG one draw on', () => {
    const { version, features, timers, rng, seen, location, character, thieves, event, payouts, flags, world, outfit, expedition, fight, ship, flight, prestige, ending, ...kept } =
      v3();
    const { version: _, features: oldFeatures, timers: oldTimers, rng: oldRng, seen: oldSeen, ...oldKept } = SAVE_V2;
    expect(version).toBe(STATE_VERSION);
    expect([world, outfit, expedition, fight]).toEqual([null, {}, null, null]);
    expect(kept).toEqual(oldKept);
    expect(features).toEqual({ ...oldFeatures, path: false, fabricator: false, ship: false });
    expect([ship, flight, prestige, ending]).toEqual([null, null, { stores: null, score: 0 }, null]);
    expect({ ...timers, event: null }).toEqual({ ...oldTimers, population: null, event: null });
    expect(seen).toEqual({ ...oldSeen, crafts: [] });
    expect(rng).toEqual({ seed: oldRng.seed, state: oneDrawAfter(oldRng.state) });
    expect([location, character, thieves, event, payouts, flags]).toBeDefined();
  });

  it('closes the path, looks at the room, and has no arrivals due (version 2 had no huts)', () => {
    const state = v3();
    expect(state.features.path).toBe(false);
    expect(state.location).toBe('room');
    expect(state.timers.population).toBeNull();
  });

  it('rolls the first event 3, 4 or 5 whole minutes after the save\'s clock, from the save\'s own RNG', () => {
    const offsets = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const saved = { ...SAVE_V2, clock: 1_000_000 + seed, rng: { seed, state: seed * 7_919 } };
      const { timers, rng } = migrate(saved);
      offsets.add(timers.event - saved.clock);
      expect(rng.state).toBe(oneDrawAfter(saved.rng.state));
    }
    expect([...offsets].sort((a, b) => a - b)).toEqual([3 * MINUTE, 4 * MINUTE, 5 * MINUTE]);
  });

  it('starts with no crafts seen, no perks, no thieves, no event, no payouts', () => {
    expect(v3()).toMatchObject({
      seen: { buildings: ['trap', 'cart'], crafts: [] },
      character: { perks: {} },
      thieves: { state: 0, stolen: {} },
      event: null,
      payouts: [],
    });
  });

  it('counts the forest as seen when the outside was open, and not otherwise', () => {
    expect(v3().flags).toEqual({ seen_forest: true });
    const closed = { ...SAVE_V2, features: { outside: false }, outside: { buildings: {}, population: 0, workers: {} } };
    expect(migrate(closed).flags).toEqual({});
  });

  it('leaves the save it was given alone, even when the step is called directly', () => {
    const copy = structuredClone(SAVE_V2);
    migrate(copy);
    MIGRATIONS[2](copy);
    expect(copy).toEqual(SAVE_V2);
  });

  it('gives a state that advances, accepts commands and survives a JSON round trip', () => {
    // Just before the first event roll, which may open an event and hold further commands.
    const rollAt = v3().timers.event;
    const later = advance(v3(), rollAt - 1).state;
    expect(later.clock).toBe(rollAt - 1);
    expect(apply(later, CHECK_TRAPS, rollAt - 1).ok).toBe(true);
    expect(migrate(JSON.parse(JSON.stringify(later)))).toEqual(later);
  });
});

/** A genuine version-3 save (seed 7): a village that bought the compass, path open. */
const SAVE_V3 = JSON.parse(readFileSync(new URL('./fixtures/save-v3.json', import.meta.url), 'utf8'));

describe('migrating a version-3 save', () => {
  it('is a version-3 save that owns the compass', () => {
    expect(SAVE_V3.version).toBe(3);
    expect(SAVE_V3.stores.compass).toBe(1);
    expect(SAVE_V3.features.path).toBe(true);
    for (const key of ['world', 'outfit', 'expedition', 'fight']) expect(key in SAVE_V3).toBe(false);
  });

  it('draws the world from the save\'s own RNG, as buying the compass would', () => {
    const state = migrate(SAVE_V3);
    const rng = { ...SAVE_V3.rng };
    expect(state.world).toEqual(generateWorld(rng, { prestige: false }));
    expect(state.rng).toEqual(rng);
    expect(state.rng).not.toEqual(SAVE_V3.rng);
    expect(migrate(SAVE_V3)).toEqual(state);
    // A real map: the village, the ship for the compass to point at, 66 landmarks, radius 2 seen.
    expect(state.world!.tiles[30][30]).toBe('A');
    expect(state.world!.tiles.join('').split('W')).toHaveLength(2);
    expect(state.world!.seen.join('').split('1')).toHaveLength(14);
  });

  it('loses nothing the save had, and starts the wasteland empty', () => {
    const { version, rng, character, world, outfit, expedition, fight, features, ship, flight, prestige, ending, ...kept } = migrate(SAVE_V3);
    const { version: _, rng: __, character: oldCharacter, features: oldFeatures, ...oldKept } = SAVE_V3;
    expect(version).toBe(STATE_VERSION);
    expect(kept).toEqual(oldKept);
    expect(features).toEqual({ ...oldFeatures, fabricator: false, ship: false });
    expect([ship, flight, prestige, ending]).toEqual([null, null, { stores: null, score: 0 }, null]);
    expect(character).toEqual({ perks: oldCharacter.perks, punches: 0, starved: 0, dehydrated: 0, blueprints: {} });
    expect([outfit, expedition, fight]).toEqual([{}, null, null]);
    expect(world).not.toBeNull();
  });

  it('reveals 4 around the village for a save that learned scouting already', () => {
    const scout = { ...structuredClone(SAVE_V3), character: { perks: { scout: true } } };
    const seen = migrate(scout).world!.seen;
    expect(seen[34][30]).toBe('1');
    expect(seen[35][30]).toBe('0');
    expect(migrate(scout).world!.tiles).toEqual(migrate(SAVE_V3).world!.tiles);
  });

  it('draws no world for a save without the compass, and keeps its RNG', () => {
    const closed = { ...structuredClone(SAVE_V3), features: { outside: true, path: false }, stores: { ...SAVE_V3.stores, compass: undefined } };
    delete closed.stores.compass;
    const state = migrate(closed);
    expect(state.world).toBeNull();
    expect(state.rng).toEqual(SAVE_V3.rng);
  });

  it('gives a game that plays on: the path opens onto the drawn world, and embarking works', () => {
    const state = migrate(SAVE_V3);
    const world = state.world;
    const { state: onPath } = play(state, [[state.clock, { type: 'travel', to: 'path' }]]);
    expect(onPath.world).toEqual(world);
    const stocked = { ...onPath, stores: { ...onPath.stores, 'cured meat': 3 }, outfit: { 'cured meat': 2 } };
    const out = apply(stocked, { type: 'embark' }, stocked.clock);
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.state.expedition!.map.tiles).toEqual(world!.tiles);
  });

  it('leaves the save it was given alone', () => {
    const copy = structuredClone(SAVE_V3);
    migrate(copy);
    MIGRATIONS[3](copy);
    expect(copy).toEqual(SAVE_V3);
  });

  it('is the identity on the migrated state (a version-4 save), through JSON too, out in the world as well', () => {
    const state = migrate(SAVE_V3);
    expect(migrate(JSON.parse(JSON.stringify(state)))).toEqual(state);
    const stocked = { ...state, location: 'path' as const, stores: { ...state.stores, 'cured meat': 3 }, outfit: { 'cured meat': 2 } };
    const out = apply(stocked, { type: 'embark' }, stocked.clock);
    if (!out.ok) throw new Error(out.error.code);
    const walked = apply(out.state, { type: 'move', dir: 'north' }, out.state.clock);
    if (!walked.ok) throw new Error(walked.error.code);
    expect(migrate(JSON.parse(JSON.stringify(walked.state)))).toEqual(walked.state);
  });
});

describe('migrate refuses what it cannot read', () => {
  it.each([null, 'save', 42, [], undefined])('a save that is not an object: %j', (saved) => {
    expect(() => migrate(saved)).toThrow(SaveFormatError);
  });

  it.each([
    ['no version', undefined],
    ['version 0', 0],
    ['the original game version 1.3', 1.3],
    ['a version as text', '1'],
    ['a negative version', -1],
  ])('%s', (_, version) => {
    expect(() => migrate({ ...SAVE_V1, version })).toThrow(SaveFormatError);
  });

  it('a version from the future', () => {
    expect(() => migrate({ ...newGame(1), version: STATE_VERSION + 1 })).toThrow(/newer than this game/);
  });

  it('with an error named SaveFormatError', () => {
    expect(() => migrate(null)).toThrow(expect.objectContaining({ name: 'SaveFormatError' }));
  });
});

describe('migrating a current save', () => {
  it.each([
    ['a new game', () => newGame(3)],
    ['the played opening', () => play(openingGame(3), OPENING_SCRIPT, SCRIPT_END).state],
    ['the played opening with its event roll due', () => play(newGame(3), OPENING_SCRIPT.slice(0, 6), 170_000).state],
  ])('is the identity for %s', (_, make) => {
    const state = make();
    expect(migrate(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });
});

describe('migrating a version-4 save', () => {
  const v4 = (flags: Record<string, true>) => {
    const { ship: _s, flight: _f, prestige: _p, ending: _e, ...rest } = migrate(SAVE_V3);
    return { ...rest, version: 4, features: { outside: true, path: true }, flags };
  };

  it('starts the endgame empty: no ship, no flight, no prestige, not ended', () => {
    const state = migrate(v4({ seen_forest: true }));
    expect(state.version).toBe(STATE_VERSION);
    expect(state.features).toEqual({ outside: true, path: true, fabricator: false, ship: false });
    expect([state.ship, state.flight, state.prestige, state.ending]).toEqual([null, null, { stores: null, score: 0 }, null]);
  });

  it('honours a crashed ship and a battleship already brought home', () => {
    const state = migrate(v4({ seen_forest: true, ship: true, executioner: true }));
    expect(state.features).toMatchObject({ fabricator: true, ship: true });
    expect(state.ship).toEqual({ hull: 0, thrusters: 1, seenWarning: false });
  });
});

/** A genuine version-4 save: the browser tests' village as the version-4 engine wrote it. */
const SAVE_V4 = JSON.parse(readFileSync(new URL('./fixtures/save-v4.json', import.meta.url), 'utf8'));

describe('the version-4 fixture', () => {
  it('migrates keeping everything it had, the endgame fields added empty', () => {
    expect(SAVE_V4.version).toBe(4);
    const { version, features, ship, flight, prestige, ending, ...kept } = migrate(SAVE_V4);
    const { version: _, features: oldFeatures, ...oldKept } = SAVE_V4;
    expect(version).toBe(STATE_VERSION);
    expect(kept).toEqual(oldKept);
    expect(features).toEqual({ ...oldFeatures, fabricator: false, ship: false });
    expect([ship, flight, prestige, ending]).toEqual([null, null, { stores: null, score: 0 }, null]);
  });
});

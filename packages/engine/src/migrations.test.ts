import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advance } from './advance.ts';
import { apply } from './apply.ts';
import { newGame, STATE_VERSION, type GameState } from './core/state.ts';
import { migrate, SaveFormatError } from './migrations.ts';
import { BUILD_TRAP, CHECK_TRAPS, GATHER, LIGHT, play, type Timed } from './testing/play.ts';
import { OPENING_SCRIPT, SCRIPT_END } from './testing/script.ts';

/**
 * A genuine version-1 save: seed 1, the fire lit at 0, wood gathered at 46 s, and at 150 s a trap
 * built and checked and wood gathered again; saved at 151 s. Made by the version-1 engine.
 */
const SAVE_V1 = JSON.parse(readFileSync(new URL('./fixtures/save-v1.json', import.meta.url), 'utf8'));
const V1_SCRIPT: Timed[] = [
  [0, LIGHT],
  [46_000, GATHER],
  [150_000, BUILD_TRAP],
  [150_000, CHECK_TRAPS],
  [150_000, GATHER],
];
const V1_SAVED_AT = 151_000;
const freshV2 = () => play(newGame(1), V1_SCRIPT, V1_SAVED_AT).state;
const withoutMilestones = ({ milestones: _, ...rest }: GameState) => rest;

describe('the version-1 fixture', () => {
  it('is a version-1 save from 151 s', () => {
    expect(SAVE_V1.version).toBe(1);
    expect(SAVE_V1.clock).toBe(V1_SAVED_AT);
    expect('milestones' in SAVE_V1).toBe(false);
  });
});

describe('migrating a version-1 save', () => {
  it('brings it to the current version', () => {
    expect(STATE_VERSION).toBe(2);
    expect(migrate(SAVE_V1).version).toBe(2);
  });

  it('holds what a version-2 game played the same way holds, milestones aside', () => {
    expect(withoutMilestones(migrate(SAVE_V1))).toEqual(withoutMilestones(freshV2()));
  });

  it('dates every milestone the save had evidently passed to its clock', () => {
    expect(Object.keys(freshV2().milestones).sort()).toEqual(Object.keys(migrate(SAVE_V1).milestones).sort());
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
    const later = advance(migrated, 300_000).state;
    expect(withoutMilestones(later)).toEqual(withoutMilestones(advance(freshV2(), 300_000).state));
    const checked = apply(later, CHECK_TRAPS, 300_000);
    const fresh = apply(advance(freshV2(), 300_000).state, CHECK_TRAPS, 300_000);
    expect(checked.ok && fresh.ok).toBe(true);
    if (checked.ok && fresh.ok) {
      expect(withoutMilestones(checked.state)).toEqual(withoutMilestones(fresh.state));
      expect(checked.events).toEqual(fresh.events);
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
    ['the played opening', () => play(newGame(3), OPENING_SCRIPT, SCRIPT_END).state],
  ])('is the identity for %s', (_, make) => {
    const state = make();
    expect(migrate(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });
});

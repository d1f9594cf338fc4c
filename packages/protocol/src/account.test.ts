import { describe, expect, it } from 'vitest';
import { migrate, MAX_STORE, newGame, type GameState } from '@smoulder/engine';
import v1 from '../../engine/src/fixtures/save-v1.json' with { type: 'json' };
import v2 from '../../engine/src/fixtures/save-v2.json' with { type: 'json' };
import v3 from '../../engine/src/fixtures/save-v3.json' with { type: 'json' };
import v4 from '../../engine/src/fixtures/save-v4.json' with { type: 'json' };
import { playUntil } from '../../engine/src/testing/bot.ts';
import village from '../../../tests/e2e/fixtures/village-save.json' with { type: 'json' };
import { ChangePasswordBody, DeleteAccountBody, ExportFile, FinishedGamesResponse, ImportedState } from './account.ts';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('ImportedState: every real game passes', () => {
  it('a new game', () => {
    const state = newGame(3);
    expect(ImportedState.parse(state)).toEqual(state);
  });

  it.each([
    ['1', v1],
    ['2', v2],
    ['3', v3],
    ['4', v4],
  ])('the engine fixture of save version %s, migrated', (_v, fixture) => {
    const state = migrate(clone(fixture));
    const parsed = ImportedState.safeParse(state);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('the browser tests’ village save', () => {
    const state = migrate(clone((village as { state?: unknown }).state ?? village));
    const parsed = ImportedState.safeParse(state);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('a village played by the bot for an hour or more', () => {
    const run = playUntil(newGame(5), { population: 20, buildings: ['lodge', 'trading post'] }, 6 * 3600_000);
    const parsed = ImportedState.safeParse(clone(run.state));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });
});

describe('ImportedState: what no game holds is refused', () => {
  const base = (): GameState => clone(newGame(3));
  const refuses = (change: (s: Record<string, any>) => void) => {
    const s = base() as unknown as Record<string, any>;
    change(s);
    return !ImportedState.safeParse(s).success;
  };

  it.each([
    ['a negative store', (s: Record<string, any>) => (s.stores.wood = -1)],
    ['a fractional store', (s: Record<string, any>) => (s.stores.wood = 1.5)],
    ['a store past the maximum', (s: Record<string, any>) => (s.stores.wood = MAX_STORE + 1)],
    ['a NaN', (s: Record<string, any>) => (s.stores.wood = Number.NaN)],
    ['an infinite clock', (s: Record<string, any>) => (s.clock = Number.POSITIVE_INFINITY)],
    ['a negative clock', (s: Record<string, any>) => (s.clock = -5)],
    ['a string for a number', (s: Record<string, any>) => (s.stores.wood = '5')],
    ['an unknown top-level key', (s: Record<string, any>) => (s.cheat = true)],
    ['an unknown nested key', (s: Record<string, any>) => (s.room.torch = 1)],
    ['a fire level of 9', (s: Record<string, any>) => (s.room.fire = 9)],
    ['a fractional population', (s: Record<string, any>) => (s.outside.population = 0.5)],
    ['another save version', (s: Record<string, any>) => (s.version = 99)],
  ])('%s', (_name, change) => {
    expect(refuses(change)).toBe(true);
  });
});

describe('account bodies', () => {
  it('closes every body to unknown keys', () => {
    expect(ChangePasswordBody.safeParse({ currentPassword: 'a', newPassword: 'long enough pw', admin: true }).success).toBe(false);
    expect(DeleteAccountBody.parse({ confirm: ' Me@Example.com ' })).toEqual({ confirm: 'me@example.com' });
  });

  it('an export file names its format and carries a sha-256', () => {
    const file = { format: 'smoulder-save', version: 1, exportedAt: new Date(0).toISOString(), stateVersion: 4, checksum: 'a'.repeat(64), state: {} };
    expect(ExportFile.safeParse(file).success).toBe(true);
    expect(ExportFile.safeParse({ ...file, checksum: 'abc' }).success).toBe(false);
    expect(ExportFile.safeParse({ ...file, extra: 1 }).success).toBe(false);
  });
});

describe('finished games', () => {
  const game = { gameId: 'g1', score: 1130, total: 1530, beacon: true, playMs: 3_600_000, finishedAt: '2026-12-01T10:00:00.000Z' };

  it('reads the list the server sends', () => {
    expect(FinishedGamesResponse.parse({ games: [game] })).toEqual({ games: [game] });
    expect(FinishedGamesResponse.parse({ games: [] })).toEqual({ games: [] });
  });

  it('refuses a score that is not a whole number of at least 0, or a date that is not one', () => {
    for (const bad of [{ score: -1 }, { total: 1.5 }, { beacon: 'yes' }, { finishedAt: 'yesterday' }]) {
      expect(FinishedGamesResponse.safeParse({ games: [{ ...game, ...bad }] }).success).toBe(false);
    }
  });
});

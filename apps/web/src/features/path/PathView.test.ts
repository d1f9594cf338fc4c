import { describe, expect, it, vi } from 'vitest';
import { newGame, type Command, type EngineError, type GameState, type OutfitRow } from '@smoulder/engine';
import { attr, fakeGame, renderView, tagsWith, textOf } from '../../testing/render.ts';
import PathView from './PathView.vue';
import { pathView } from './selectors.ts';

// The path's rules are being built beside this view: pin what the engine answers here.
const pinned = vi.hoisted(() => ({
  rows: [] as OutfitRow[],
  refuse: (_command: Command): EngineError | null => null,
}));
vi.mock('@smoulder/engine', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@smoulder/engine')>()),
  outfitRows: () => pinned.rows,
  check: (_state: unknown, command: Command) => pinned.refuse(command),
  bagCapacity: () => 20,
  loadWeight: (items: Record<string, number>) => Object.entries(items).reduce((a, [item, n]) => a + n * (item === 'iron sword' ? 3 : 1), 0),
  armourTier: () => 'iron',
  maxWater: () => 30,
}));

const embarkButton = (html: string) => tagsWith(html, 'data-action').find((t) => attr(t, 'data-action') === 'embark')!;

const NO: EngineError = { code: 'action/unavailable', key: 'error.action.unavailable' };

function atThePath(): GameState {
  const state = newGame(1);
  state.features = { ...state.features, outside: true, path: true };
  state.location = 'path';
  return state;
}

describe('PathView', () => {
  it('lists what can be packed, with its steps, the bag, armour and water', async () => {
    pinned.rows = [
      { item: 'cured meat', weight: 1, owned: 30, packed: 5, canAdd: true },
      { item: 'iron sword', weight: 3, owned: 1, packed: 1, canAdd: false },
    ];
    pinned.refuse = () => null;
    const html = await renderView(PathView, fakeGame(atThePath()).game);
    const rows = tagsWith(html, 'data-outfit');
    expect(rows.map((r) => [attr(r, 'data-outfit'), attr(r, 'data-packed'), attr(r, 'data-owned')])).toEqual([
      ['cured meat', '5', '30'],
      ['iron sword', '1', '1'],
    ]);
    const steps = tagsWith(html, 'data-action').filter((t) => attr(t, 'data-action')!.startsWith('outfit'));
    expect(steps.map((t) => attr(t, 'data-action'))).toEqual(Array(2).fill(['outfit-10', 'outfit-1', 'outfit+1', 'outfit+10']).flat());
    // The sword cannot take another: its + buttons are off, its − buttons on.
    expect(steps.slice(4).map((t) => /\sdisabled/.test(t))).toEqual([false, false, true, true]);
    expect(steps.slice(0, 4).some((t) => /\sdisabled/.test(t))).toBe(false);
    const text = textOf(html);
    expect(text).toContain('free 12/20');
    expect(text).toContain('armour: iron');
    expect(text).toContain('water 30');
    expect(embarkButton(html)).not.toMatch(/\sdisabled/);
  });

  it('holds the embark button without cured meat, and says why', async () => {
    pinned.rows = [{ item: 'torch', weight: 1, owned: 2, packed: 1, canAdd: true }];
    pinned.refuse = (c) => (c.type === 'embark' ? NO : null);
    const html = await renderView(PathView, fakeGame(atThePath()).game);
    expect(embarkButton(html)).toMatch(/\sdisabled/);
    expect(html).toContain('data-needs-meat');
    expect(textOf(await renderView(PathView, fakeGame(atThePath()).game, { locale: 'pl' }))).toContain('najpierw spakuj suszone mięso');
  });

  it('shows the cooldown after a death like every other button', async () => {
    pinned.rows = [{ item: 'cured meat', weight: 1, owned: 3, packed: 3, canAdd: true }];
    pinned.refuse = (c) => (c.type === 'embark' ? { code: 'action/cooling_down', key: 'error.action.cooling_down', params: { seconds: 60 } } : null);
    const state = atThePath();
    state.cooldowns.embark = 70_000;
    const html = await renderView(PathView, fakeGame(state, { now: 10_000 }).game);
    expect(html).toContain('data-cooldown="embark"');
    expect(attr(tagsWith(html, 'data-cooldown')[0], 'aria-valuenow')).toBe('50');
    expect(pathView(state, 10_000).embark).toMatchObject({ readyAt: 70_000, cooldown: 120_000 });
  });

  it('says so when nothing can be packed yet', async () => {
    pinned.rows = [];
    const html = await renderView(PathView, fakeGame(atThePath()).game);
    expect(textOf(html)).toContain('nothing worth packing yet.');
  });
});

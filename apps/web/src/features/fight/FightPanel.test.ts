import { describe, expect, it, vi } from 'vitest';
import { newGame, type Command, type EngineError, type FightView, type GameState } from '@smoulder/engine';
import { attr, fakeGame, renderView, tagsWith, textOf } from '../../testing/render.ts';
import EventDialog from '../event/EventDialog.vue';
import { dropCount, lootRows } from './loot.ts';

// The fight's rules are being built beside these views: pin what the engine answers here.
const pinned = vi.hoisted(() => ({
  fight: null as FightView | null,
  capacity: 10,
  refuse: (_command: Command): EngineError | null => null,
}));
vi.mock('@smoulder/engine', async (importOriginal) => {
  const engine = await importOriginal<typeof import('@smoulder/engine')>();
  const weight = (item: string) => (item === 'iron sword' ? 3 : item === 'bullets' ? 0.1 : 1);
  return {
    ...engine,
    fightView: () => pinned.fight,
    check: (state: GameState, command: Command, now?: number) =>
      command.type === 'event_choose' ? engine.check(state, command, now) : pinned.refuse(command),
    bagCapacity: () => pinned.capacity,
    itemWeight: weight,
    loadWeight: (items: Record<string, number>) => Object.entries(items).reduce((a, [item, n]) => a + n * weight(item), 0),
  };
});

function view(won: boolean): FightView {
  const fight: FightView = {
    enemy: 'gaunt_thing',
    glyph: 'B',
    enemyHp: won ? 0 : 3,
    enemyMaxHp: 5,
    playerHp: 8,
    playerMaxHp: 10,
    won,
    enemyStatus: won ? {} : { stunned: 5000 },
    playerStatus: {},
    weapons: [
      { id: 'fists', readyAt: 0, cooldown: 2000, disabled: false },
      { id: 'iron sword', readyAt: 3000, cooldown: 2000, disabled: false },
      { id: 'rifle', readyAt: 0, cooldown: 1000, disabled: true },
    ].filter(() => !won),
    support: [{ id: 'eat', readyAt: 0, cooldown: won ? 0 : 5000, disabled: false }],
    ranged: false,
    explodesAt: null,
    pool: 0,
    poison: won ? 0 : 2,
    poisonAt: won ? null : 3000,
  };
  return fight;
}

function fighting(won: boolean, bag: Record<string, number> = { 'cured meat': 4, 'iron sword': 1 }): GameState {
  const state = newGame(1);
  state.clock = 2000;
  state.location = 'world';
  state.event = { id: 'nomad', scene: 'start', loot: { fur: 3, teeth: 2 } };
  state.fight = { enemy: 'gaunt_thing', hp: won ? 0 : 3, won, timers: {}, enemyStatus: {}, playerStatus: {}, pool: 0 } as GameState['fight'];
  state.expedition = {
    map: { tiles: [], seen: [], done: [] },
    x: 30,
    y: 25,
    hp: 8,
    water: 5,
    bag,
    foodSteps: 0,
    waterSteps: 0,
    starving: false,
    thirsty: false,
    usedOutposts: [],
    fightSteps: 0,
    flags: {},
    danger: 0,
  };
  return state;
}

describe('the fight in the event dialog', () => {
  it('shows both fighters, a button per weapon with its cooldown, support, and no scene buttons yet', async () => {
    pinned.fight = view(false);
    pinned.capacity = 10;
    const html = await renderView(EventDialog, fakeGame(fighting(false)).game);
    expect(tagsWith(html, 'data-fight')).toHaveLength(1);
    expect(attr(html, 'data-enemy-hp')).toBe('3');
    const text = textOf(html);
    expect(text).toContain('@ you 8/10 poisoned');
    expect(text).toContain('B gaunt thing 3/5 reeling');
    const attacks = tagsWith(html, 'data-attack').map((t) => attr(t, 'data-attack'));
    expect(attacks).toEqual(['fists', 'iron sword', 'rifle']);
    const buttons = tagsWith(html, 'data-action').map((t) => [attr(t, 'data-action'), /\sdisabled/.test(t)]);
    expect(buttons).toEqual([
      ['attack:fists', false],
      ['attack:iron sword', true], // cooling
      ['attack:rifle', true], // no ammunition
      ['support:eat', false],
    ]);
    expect(tagsWith(html, 'data-cooldown').map((t) => attr(t, 'data-cooldown'))).toEqual(['attack:iron sword']);
    expect(text).toContain('strike bare hands');
    expect(text).toContain('hack iron sword');
    expect(text).toContain('chew meat');
    expect(html).not.toContain('data-loot');
  });

  it('after the victory lists the loot with its buttons, then the scene\'s own', async () => {
    pinned.fight = view(true);
    pinned.capacity = 10;
    pinned.refuse = () => null;
    const html = await renderView(EventDialog, fakeGame(fighting(true)).game);
    const rows = tagsWith(html, 'data-loot').map((t) => [attr(t, 'data-loot'), attr(t, 'data-count'), attr(t, 'data-fits')]);
    expect(rows).toEqual([
      ['fur', '3', 'true'],
      ['teeth', '2', 'true'],
    ]);
    const actions = tagsWith(html, 'data-action').map((t) => attr(t, 'data-action'));
    // Eating stays possible after the fight; then the loot; then the scene's buttons.
    expect(actions.slice(0, 6)).toEqual(['support:eat', 'take_everything', 'take', 'take_all', 'take', 'take_all']);
    expect(actions.slice(6).every((a) => a!.startsWith('event:'))).toBe(true);
    expect(actions.length).toBeGreaterThan(6);
    expect(tagsWith(html, 'data-attack')).toEqual([]);
    expect(textOf(html)).toContain('left on the ground free 3/10');
  });

  it('offers to drop something carried when the bag is full', async () => {
    pinned.fight = view(true);
    pinned.capacity = 7;
    pinned.refuse = (c) => (c.type === 'take' || c.type === 'take_everything' ? { code: 'bag/full', key: 'error.bag.full' } as unknown as EngineError : null);
    const state = fighting(true);
    const html = await renderView(EventDialog, fakeGame(state).game);
    expect(tagsWith(html, 'data-loot').map((t) => attr(t, 'data-fits'))).toEqual(['false', 'false']);
    expect(tagsWith(html, 'data-make-room').map((t) => attr(t, 'data-make-room'))).toEqual(['fur', 'teeth']);
    const drops = tagsWith(html, 'data-drop').map((t) => [attr(t, 'data-drop'), attr(t, 'data-action')]);
    expect(drops).toEqual([
      ['cured meat', 'drop:cured meat:fur'],
      ['iron sword', 'drop:iron sword:fur'],
      ['cured meat', 'drop:cured meat:teeth'],
      ['iron sword', 'drop:iron sword:teeth'],
    ]);
    expect(textOf(html)).toContain('drop 1 cured meat');
    expect(textOf(await renderView(EventDialog, fakeGame(state).game, { locale: 'pl' }))).toContain('zrób miejsce: futra');
  });
});

describe('the scene after a won fight', () => {
  /** A won fight against the snarling beast, whose scene offers only the default "leave" after a pause. */
  function won(readyAt: number): GameState {
    const state = fighting(true);
    state.clock = 4000;
    state.event = { id: 'snarling_beast', scene: 'start', loot: {}, readyAt };
    state.fight!.enemy = 'snarling_beast';
    return state;
  }
  const leaveButton = (html: string) => tagsWith(html, 'data-action').find((t) => attr(t, 'data-action') === 'event:leave');

  it('offers leave, in the client\'s words, locked with a bar until the pause ends', async () => {
    pinned.fight = view(true);
    const html = await renderView(EventDialog, fakeGame(won(5000), { now: 4500 }).game);
    expect(leaveButton(html)).toMatch(/\sdisabled/);
    expect(tagsWith(html, 'data-cooldown').map((t) => attr(t, 'data-cooldown'))).toEqual(['event:leave']);
    expect(textOf(html)).toContain('move on');
  });

  it('unlocks it once the clock has passed the pause, even while the state\'s own clock lags', async () => {
    pinned.fight = view(true);
    const html = await renderView(EventDialog, fakeGame(won(5000), { now: 6000 }).game);
    expect(leaveButton(html)).not.toMatch(/\sdisabled/);
    expect(tagsWith(html, 'data-cooldown')).toEqual([]);
  });
});

describe('lootRows and dropCount', () => {
  it('drop just enough of a carried item to fit one, never more than carried', () => {
    pinned.capacity = 7;
    pinned.refuse = () => null;
    const state = fighting(true, { bullets: 20, 'cured meat': 3, 'iron sword': 1 }); // 2 + 3 + 3 = 8 of 7
    // One fur needs 1 free; there is −1: drop 2 weight.
    expect(dropCount(state, 'bullets', 'fur')).toBe(20);
    expect(dropCount(state, 'cured meat', 'fur')).toBe(2);
    expect(dropCount(state, 'iron sword', 'fur')).toBe(1);
    expect(dropCount(state, 'torch', 'fur')).toBeNull();
    const rows = lootRows(state, { fur: 2, scales: 0 });
    expect(rows.map((r) => [r.item, r.fits, r.drops.map((d) => [d.item, d.count])])).toEqual([
      [
        'fur',
        false,
        [
          ['bullets', 20],
          ['cured meat', 2],
          ['iron sword', 1],
        ],
      ],
    ]);
  });
});

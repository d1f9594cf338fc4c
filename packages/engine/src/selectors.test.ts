import { describe, expect, it } from 'vitest';
import { advance } from './advance.ts';
import { newGame, type GameState } from './core/state.ts';
import {
  buildActions,
  builderName,
  eventView,
  fireAction,
  fireName,
  outsideActions,
  roomTitleKey,
  storeRows,
  tabs,
  temperatureName,
  trapSummary,
} from './selectors.ts';
import { BUILD_TRAP, LIGHT, helpingBuilder, mustApply, withStores } from './testing/play.ts';

const lit = () => mustApply(newGame(1), LIGHT, 0).state;
const withRoom = (state: GameState, room: Partial<GameState['room']>): GameState => ({
  ...state,
  room: { ...state.room, ...room },
});
const withTraps = (state: GameState, trap: number): GameState => ({
  ...state,
  outside: { ...state.outside, buildings: { ...state.outside.buildings, trap } },
});

describe('tabs', () => {
  it('shows only the room until the forest opens', () => {
    expect(tabs(newGame(1))).toEqual(['room']);
    expect(tabs(advance(lit(), 45_000).state)).toEqual(['room', 'outside']);
  });
});

describe('names', () => {
  it('names the fire, the temperature and the builder by level', () => {
    const state = helpingBuilder();
    expect([fireName(state), temperatureName(state), builderName(state)]).toEqual(['burning', 'warm', 'helping']);
    expect(builderName(newGame(1))).toBeNull();
    expect(builderName(lit())).toBe('approaching');
  });

  it('titles the room dark below flickering, firelit from it', () => {
    const state = newGame(1);
    expect(roomTitleKey(withRoom(state, { fire: 1 }))).toBe('room.title.dark');
    expect(roomTitleKey(withRoom(state, { fire: 2 }))).toBe('room.title.firelit');
  });
});

describe('fireAction', () => {
  it('offers a free light in a new game', () => {
    expect(fireAction(newGame(1))).toEqual({
      command: { type: 'light_fire' },
      cost: {},
      readyAt: 0,
      cooldown: 10_000,
      blocked: null,
    });
  });

  it('offers a light for 5 wood once wood exists, blocked without it', () => {
    const view = fireAction(withStores(newGame(1), { wood: 2 }));
    expect(view.cost).toEqual({ wood: 5 });
    expect(view.blocked).toMatchObject({ code: 'cost/not_enough' });
  });

  it('offers the stoke once lit, cooling down until 10 s', () => {
    const view = fireAction(lit());
    expect(view.command).toEqual({ type: 'stoke_fire' });
    expect(view.cost).toEqual({});
    expect(view.readyAt).toBe(10_000);
    expect(view.blocked).toMatchObject({ code: 'action/cooling_down', params: { seconds: 10 } });
    expect(fireAction(lit(), 10_000).blocked).toBeNull();
  });

  it('prices a stoke at 1 wood while there is wood', () => {
    expect(fireAction(helpingBuilder()).cost).toEqual({ wood: 1 });
  });
});

describe('outsideActions', () => {
  it('offers nothing before the forest', () => {
    expect(outsideActions(lit())).toEqual([]);
  });

  it('offers gathering, and checking traps once one stands', () => {
    const state = helpingBuilder();
    expect(outsideActions(state).map((a) => a.command.type)).toEqual(['gather_wood']);
    const trapped = outsideActions(withTraps(state, 1));
    expect(trapped.map((a) => [a.command.type, a.cooldown])).toEqual([
      ['gather_wood', 60_000],
      ['check_traps', 90_000],
    ]);
  });
});

describe('buildActions', () => {
  it('shows the next cost, the count and the maximum', () => {
    const state = mustApply(withStores(helpingBuilder(), { wood: 40 }), BUILD_TRAP, 150_000).state;
    const [trap] = buildActions(state);
    expect(trap).toMatchObject({ building: 'trap', count: 1, max: 10, cost: { wood: 20 }, blocked: null });
  });

  it('shows why a build is blocked', () => {
    const cold = withRoom(withStores(helpingBuilder(), { wood: 40 }), { temperature: 1 });
    expect(buildActions(cold)[0].blocked).toMatchObject({ code: 'build/too_cold' });
  });
});

describe('storeRows', () => {
  it('lists whole units with the net income per 10 s', () => {
    const state = withStores(helpingBuilder(), { wood: 12.75, fur: 0 });
    expect(storeRows(state)).toEqual([
      { resource: 'wood', amount: 12, perCycle: 2, group: 'resources' },
      { resource: 'fur', amount: 0, perCycle: 0, group: 'resources' },
    ]);
  });

  it('puts weapons and the compass in their own groups and leaves out upgrades and blueprints (02 §9)', () => {
    const state = withStores(helpingBuilder(), { bolas: 2, compass: 1, waterskin: 1, 'plasma rifle blueprint': 1, torch: 3 });
    expect(storeRows(state).map((r) => [r.resource, r.group])).toEqual([
      ['wood', 'resources'],
      ['bolas', 'weapons'],
      ['compass', 'special'],
      ['torch', 'resources'],
    ]);
  });
});

describe('trapSummary', () => {
  it.each([
    [3, 0, { baited: 0, unbaited: 3 }],
    [3, 1, { baited: 1, unbaited: 2 }],
    [3, 5, { baited: 3, unbaited: 0 }],
    [0, 5, { baited: 0, unbaited: 0 }],
  ])('%i traps with %i bait', (traps, bait, summary) => {
    expect(trapSummary(withStores(withTraps(helpingBuilder(), traps), { bait }))).toEqual(summary);
  });
});

describe('eventView', () => {
  const withEvent = (fight: GameState['fight']): GameState => ({
    ...newGame(1),
    clock: 4000,
    event: { id: 'nomad', scene: 'start', loot: { fur: 3, teeth: 0 }, readyAt: 5000 },
    fight,
  });
  const fight = (won: boolean) =>
    ({ enemy: 'beast', hp: won ? 0 : 5, won, timers: {}, enemyStatus: {}, playerStatus: {}, pool: 0 }) as NonNullable<GameState['fight']>;

  it('is null without an event', () => {
    expect(eventView(newGame(1))).toBeNull();
  });

  it('shows the scene, its loot and its pause when no fight is on', () => {
    const view = eventView(withEvent(null))!;
    expect(view.fighting).toBe(false);
    expect(view.loot).toEqual({ fur: 3 });
    expect(view.readyAt).toBe(5000);
    expect(view.cooldown).toBeGreaterThanOrEqual(1000);
    expect(view.buttons.length).toBeGreaterThan(0);
  });

  it('hides the buttons and the loot while a fight is on, and shows them once it is won', () => {
    const during = eventView(withEvent(fight(false)))!;
    expect(during.fighting).toBe(true);
    expect(during.buttons).toEqual([]);
    expect(during.loot).toEqual({});
    const after = eventView(withEvent(fight(true)))!;
    expect(after.fighting).toBe(false);
    expect(after.loot).toEqual({ fur: 3 });
    expect(after.buttons.map((b) => b.id)).toEqual(eventView(withEvent(null))!.buttons.map((b) => b.id));
  });

  it('has no pause when the scene sets none', () => {
    const state = withEvent(null);
    delete state.event!.readyAt;
    expect(eventView(state)).toMatchObject({ readyAt: 0, cooldown: 0 });
  });
});

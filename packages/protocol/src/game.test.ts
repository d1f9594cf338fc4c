import { describe, expect, it } from 'vitest';
import { apply, newGame, type GameState } from '@smoulder/engine';
import { CommandSchema, GameStateSchema } from './game.ts';

describe('GameStateSchema', () => {
  it('keeps every field of a new game (a field it does not know would be stripped)', () => {
    const state = newGame(7);
    expect(GameStateSchema.parse(state)).toEqual(state);
  });

  it('keeps every field of a game in progress', () => {
    let state: GameState = newGame(7);
    const lit = apply(state, { type: 'light_fire' }, 1000);
    if (!lit.ok) throw new Error('could not light');
    state = lit.state;
    state.event = { id: 'thief', scene: 'start', params: { lost: 3 } };
    state.payouts.push({ id: 'x', dueAt: 5, reward: { wood: 3 }, notice: 'n' });
    expect(GameStateSchema.parse(state)).toEqual(state);
  });

  it('refuses a state with a broken field', () => {
    const state = newGame(7) as unknown as Record<string, unknown>;
    expect(GameStateSchema.safeParse({ ...state, room: { fire: 9, temperature: 0, builder: -1 } }).success).toBe(false);
  });
});

describe('CommandSchema', () => {
  it.each([
    { type: 'light_fire' },
    { type: 'build', building: 'trading post' },
    { type: 'craft', item: 'iron sword' },
    { type: 'buy', item: 'compass' },
    { type: 'assign', job: 'hunter', delta: -10 },
    { type: 'travel', to: 'outside' },
    { type: 'set_option', option: 'hyperMode', value: true },
    { type: 'event_choose', button: 'hang' },
    { type: 'fabricate', item: 'hypo' },
    { type: 'reinforce_hull' },
    { type: 'upgrade_engine' },
    { type: 'travel', to: 'fabricator' },
  ])('accepts $type', (command) => {
    expect(CommandSchema.safeParse(command).success).toBe(true);
  });

  it.each([
    ['an unknown type', { type: 'fly' }],
    ['an unknown building', { type: 'build', building: 'castle' }],
    ['a granted building', { type: 'build', building: 'iron mine' }],
    ['an odd step', { type: 'assign', job: 'hunter', delta: 3 }],
    ['an extra field', { type: 'light_fire', amount: 2 }],
    ['a prototype key', { type: 'constructor' }],
    ['something the fabricator does not make', { type: 'fabricate', item: 'laser rifle' }],
  ])('refuses %s', (_name, command) => {
    expect(CommandSchema.safeParse(command).success).toBe(false);
  });
});

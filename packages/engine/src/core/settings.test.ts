/** Options (01 §2, 09) and travel between the tabs (01 §1, 03 §1). */
import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { apply } from '../apply.ts';
import type { Command } from './commands.ts';
import type { GameState } from './state.ts';
import { tabs } from '../selectors.ts';
import { LIGHT, mustApply, noticeKeys, openingGame } from '../testing/play.ts';
import { OPTIONS } from './settings.ts';

const setOption = (option: 'hyperMode' | 'lightsOff', value: boolean): Command => ({ type: 'set_option', option, value });
const TO_OUTSIDE: Command = { type: 'travel', to: 'outside' };
const TO_ROOM: Command = { type: 'travel', to: 'room' };

/** The fire lit at 0, the forest open from 45 s. */
const forestOpen = () => advance(mustApply(openingGame(), LIGHT, 0).state, 45_000).state;

describe('options', () => {
  it('are hyper mode and lights off, both off in a new game', () => {
    expect(OPTIONS).toEqual(['hyperMode', 'lightsOff']);
    expect(openingGame().config).toEqual({ hyperMode: false, lightsOff: false });
  });

  it.each(['hyperMode', 'lightsOff'] as const)('%s is stored in config, on and off again, and nothing else changes', (option) => {
    const before = openingGame();
    const on = mustApply(before, setOption(option, true), 0);
    expect(on.state.config[option]).toBe(true);
    expect({ ...on.state, config: before.config }).toEqual(before);
    expect(on.events).toEqual([]);
    expect(mustApply(on.state, setOption(option, false), 0).state.config[option]).toBe(false);
  });

  it('can be set while an event is open', () => {
    const state: GameState = { ...openingGame(), event: { id: 'thief', scene: 'start' } };
    expect(mustApply(state, setOption('hyperMode', true), 0).state.config.hyperMode).toBe(true);
  });

  it('take no cooldown and survive a JSON save', () => {
    const { state } = mustApply(openingGame(), setOption('lightsOff', true), 0);
    expect(state.cooldowns).toEqual({});
    expect((JSON.parse(JSON.stringify(state)) as GameState).config.lightsOff).toBe(true);
  });
});

describe('travel', () => {
  it('starts in the room', () => {
    expect(openingGame().location).toBe('room');
  });

  it('to the outside only once the forest is open', () => {
    const lit = mustApply(openingGame(), LIGHT, 0).state;
    expect(apply(lit, TO_OUTSIDE, 44_999)).toEqual({
      ok: false,
      error: { code: 'action/unavailable', key: 'error.action.unavailable' },
    });
    expect(tabs(advance(lit, 44_999).state)).toEqual(['room']);
    expect(mustApply(lit, TO_OUTSIDE, 45_000).state.location).toBe('outside');
  });

  it('greets the first visit to the forest once, and never again', () => {
    const first = mustApply(forestOpen(), TO_OUTSIDE, 45_000);
    expect(noticeKeys(first.events)).toEqual(['notice.forest.first_visit']);
    expect(first.state.flags.seen_forest).toBe(true);
    const back = mustApply(first.state, TO_ROOM, 46_000);
    expect(back.state.location).toBe('room');
    expect(back.events).toEqual([]);
    const again = mustApply(back.state, TO_OUTSIDE, 47_000);
    expect(again.state.location).toBe('outside');
    expect(noticeKeys(again.events)).toEqual([]);
  });

  it('to the room is always possible, even staying where one is', () => {
    expect(mustApply(openingGame(), TO_ROOM, 0).state.location).toBe('room');
  });

  it('is held while an event is open', () => {
    const state: GameState = { ...forestOpen(), event: { id: 'thief', scene: 'start' } };
    expect(apply(state, TO_OUTSIDE, 45_000)).toMatchObject({ ok: false, error: { code: 'event/open' } });
  });
});

describe('commands the protocol would refuse are refused by the engine too', () => {
  it.each([
    ['an unknown option', { type: 'set_option', option: 'godMode', value: true }],
    ['a non-boolean option value', { type: 'set_option', option: 'hyperMode', value: 'yes' }],
    ['an unknown destination', { type: 'travel', to: 'moon' }],
  ])('%s', async (_name, command) => {
    const { apply, newGame } = await import('../index.ts');
    const state = newGame(3);
    const result = apply(state, command as never, 0);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('command/unknown');
  });
});

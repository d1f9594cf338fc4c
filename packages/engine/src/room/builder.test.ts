import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { newGame, type GameState } from '../core/state.ts';
import { LIGHT, STOKE, milestoneIds, mustApply, noticeKeys } from '../testing/play.ts';

const lit = () => mustApply(newGame(1), LIGHT, 0).state;
const at = (t: number) => advance(lit(), t).state;

describe('the stranger arrives', () => {
  it('as soon as the fire is lit, and is checked on 30 s later', () => {
    const { state, events } = mustApply(newGame(1), LIGHT, 0);
    expect(state.room.builder).toBe(0);
    expect(state.timers.builder).toBe(30_000);
    expect(noticeKeys(events)).toContain('notice.builder.approaching');
  });

  it('when a stoke brings the fire to flickering', () => {
    const state = newGame(1);
    const smouldering: GameState = { ...state, room: { ...state.room, fire: 1 } };
    const { state: after } = mustApply(smouldering, STOKE, 5_000);
    expect(after.room.builder).toBe(0);
    expect(after.timers.builder).toBe(35_000);
  });

  it('not for a smouldering fire', () => {
    const state = newGame(1);
    const smouldering: GameState = { ...state, room: { ...state.room, fire: 1 }, timers: { ...state.timers, fireCool: 300_000 } };
    expect(advance(smouldering, 100_000).state.room.builder).toBe(-1);
  });

  it('once: a later stoke does not push the check back', () => {
    const { state } = mustApply(lit(), STOKE, 10_000);
    expect(state.timers.builder).toBe(30_000);
  });
});

describe('the fastest timeline (02 §7), with the fire lit at 0', () => {
  it('collapses in the corner at 30 s and the forest is due 15 s later', () => {
    expect(at(29_999).room.builder).toBe(0);
    const { state, events } = advance(lit(), 30_000);
    expect(state.room.builder).toBe(1);
    expect(state.timers.forest).toBe(45_000);
    expect(noticeKeys(events)).toContain('notice.builder.collapsed');
    expect(milestoneIds(events)).toEqual(['builder_arrived']);
  });

  it('stays collapsed at 60 s: the room is only mild', () => {
    const state = at(60_000);
    expect(state.room.temperature).toBe(2);
    expect(state.room.builder).toBe(1);
  });

  it('shivers at 90 s, when the room has just turned warm', () => {
    const state = at(90_000);
    expect(state.room.temperature).toBe(3);
    expect(state.room.builder).toBe(2);
  });

  it('sleeps at 120 s', () => {
    expect(at(119_999).room.builder).toBe(2);
    expect(at(120_000).room.builder).toBe(3);
  });

  it('helps from the next check, at 150 s, and is never checked again', () => {
    expect(at(149_999).room.builder).toBe(3);
    const { state, events } = advance(at(149_999), 150_000);
    expect(state.room.builder).toBe(4);
    expect(state.timers.builder).toBeNull();
    expect(noticeKeys(events)).toContain('notice.builder.helping');
    expect(milestoneIds(events)).toEqual(['builder_helping']);
    expect(at(1_000_000).timers.builder).toBeNull();
  });

  it('says each stage once, in order', () => {
    const builderNotices = noticeKeys(advance(lit(), 600_000).events).filter((k) => k.startsWith('notice.builder.'));
    expect(builderNotices.slice(0, 4)).toEqual([
      'notice.builder.collapsed',
      'notice.builder.shivering',
      'notice.builder.sleeping',
      'notice.builder.helping',
    ]);
  });

  it('brings 2 wood every 10 s from the very next income tick', () => {
    const helping = at(150_000);
    expect(helping.income.builder).toBe(151_000);
    expect(helping.stores.wood).toBe(4);
    expect(advance(helping, 151_000).state.stores.wood).toBe(6);
    expect(advance(helping, 160_999).state.stores.wood).toBe(6);
    expect(advance(helping, 161_000).state.stores.wood).toBe(8);
  });

  it('feeds the fire once it cools to flickering', () => {
    // Lit burning at 0: it cools to flickering at 5 min, and at 10 min the builder stokes it back.
    const state = at(600_000);
    expect(state.room.fire).toBe(2);
    const woodFromIncome = 2 * ((591_000 - 151_000) / 10_000 + 1);
    expect(state.stores.wood).toBe(4 + woodFromIncome - 1);
  });
});

describe('recovery needs a warm room', () => {
  it('stays collapsed beside a fire that never gets past flickering', () => {
    const state = newGame(1);
    const flickering: GameState = {
      ...state,
      room: { ...state.room, fire: 2, builder: 0 },
      timers: { ...state.timers, builder: 30_000, fireCool: 300_000 },
    };
    const later = advance(flickering, 290_000).state;
    expect(later.room.temperature).toBe(2);
    expect(later.room.builder).toBe(1);
  });
});

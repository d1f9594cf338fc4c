import { describe, expect, it } from 'vitest';
import { advance } from './advance.ts';
import { MILESTONE_IDS } from './content/milestones.ts';
import { newGame, type GameState } from './core/state.ts';
import { BUILD_CART, BUILD_TRAP, GATHER, LIGHT, helpingBuilder, milestoneIds, mustApply, openingGame, play, withStores } from './testing/play.ts';
import { OPENING_SCRIPT, SCRIPT_END } from './testing/script.ts';

const opening = () =>
  play(
    openingGame(1),
    [
      [0, LIGHT],
      [46_000, GATHER],
      [150_000, BUILD_TRAP],
    ],
    200_000,
  );

describe('milestones', () => {
  it('are recorded at the clock time each is first reached', () => {
    expect(opening().state.milestones).toEqual({
      fire_lit: 0,
      builder_arrived: 30_000,
      forest_opened: 45_000,
      first_gather: 46_000,
      builder_helping: 150_000,
      first_trap: 150_000,
    });
  });

  it('are each announced once, in the order reached', () => {
    expect(milestoneIds(opening().events)).toEqual([
      'fire_lit',
      'builder_arrived',
      'forest_opened',
      'first_gather',
      'builder_helping',
      'first_trap',
    ]);
  });

  it('are all known ids: the scripted opening reaches the six of the opening', () => {
    // The village's milestones are reached in the play-through (playthrough.test.ts), the compass
    // and thieves in thieves.test.ts, the first event in event-scheduler.test.ts.
    const { state, events } = play(openingGame(1), OPENING_SCRIPT, SCRIPT_END);
    expect(Object.keys(state.milestones).sort()).toEqual(
      ['fire_lit', 'builder_arrived', 'forest_opened', 'first_gather', 'builder_helping', 'first_trap'].sort(),
    );
    for (const id of milestoneIds(events)) expect(MILESTONE_IDS).toContain(id);
  });

  it('keep the first time: relighting a dead fire is not news', () => {
    const lit = mustApply(newGame(1), LIGHT, 0).state;
    const dead: GameState = withStores({ ...lit, room: { ...lit.room, fire: 0 } }, { wood: 10 });
    const { state, events } = mustApply(dead, LIGHT, 20_000);
    expect(state.milestones.fire_lit).toBe(0);
    expect(milestoneIds(events)).toEqual([]);
  });

  it('count only the trap as a first trap, not the cart', () => {
    const { state, events } = mustApply(withStores(helpingBuilder(), { wood: 30 }), BUILD_CART, 150_000);
    expect(state.milestones.first_trap).toBeUndefined();
    expect(milestoneIds(events)).toEqual([]);
  });

  it('are not touched by time passing', () => {
    const state = opening().state;
    expect(advance(state, 5_000_000).state.milestones).toEqual(state.milestones);
  });
});

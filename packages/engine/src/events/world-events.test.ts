import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../core/state.ts';
import type { Command } from '../core/commands.ts';
import type { EventScene } from './types.ts';
import { eventView } from '../selectors.ts';
import { quiet } from '../testing/events.ts';
import { borrowScene, encounter, outThere, tryAct } from '../testing/fight.ts';
import { mustApply } from '../testing/play.ts';
import { dropCount } from './loot.ts';

/*
 * The event engine in the world (spec events/01 §4–§7): costs paid from the bag and the trip,
 * the glowstone, one event replacing another, story loot, locked buttons, and taking loot.
 */

let restore: Array<() => void> = [];
afterEach(() => {
  restore.reverse().forEach((r) => r());
  restore = [];
});

/** Event `gaunt_man` (any world event would do) with its start scene replaced by `scene`. */
function withScene(scene: EventScene, extra: Record<string, EventScene> = {}): void {
  restore.push(borrowScene('gaunt_man', 'start', scene));
  for (const [id, s] of Object.entries(extra)) restore.push(borrowScene('gaunt_man', id, s));
}

const choose = (button: string): Command => ({ type: 'event_choose', button });
const refusal = (state: GameState, command: Command) => {
  const r = tryAct(state, command);
  return r.ok ? null : r.error;
};

describe('costs in the world', () => {
  const scene: EventScene = {
    buttons: {
      torch: { cost: { torch: 1 }, reward: { fur: 2 }, next: 'end' },
      drink: { cost: { water: 3 }, next: 'end' },
      rush: { cost: { hp: 4 }, next: 'end' },
      meat: { cost: { 'cured meat': 2 }, next: 'end' },
    },
  };

  it('are paid from the bag, water and health from the trip; rewards still go home', () => {
    withScene(scene);
    const state = encounter(outThere({ hp: 9, bag: { torch: 1, 'cured meat': 2 }, stores: { torch: 5 } }), 'gaunt_man').state;
    const torched = mustApply(state, choose('torch'), state.clock).state;
    expect(torched.expedition!.bag.torch).toBeUndefined();
    expect(torched.stores).toMatchObject({ torch: 5, fur: 2 });
    expect(mustApply(state, choose('drink'), state.clock).state.expedition!.water).toBe(7);
    expect(mustApply(state, choose('rush'), state.clock).state.expedition!.hp).toBe(5);
    expect(mustApply(state, choose('meat'), state.clock).state.expedition!.bag['cured meat']).toBeUndefined();
  });

  it('are refused when the bag or the trip cannot pay, whatever is at home; health may not run out', () => {
    withScene(scene);
    const state = encounter(outThere({ hp: 4, stores: { torch: 5, 'cured meat': 9 } }), 'gaunt_man').state;
    state.expedition!.water = 2;
    for (const [button, resource] of [
      ['torch', 'torch'],
      ['drink', 'water'],
      ['rush', 'hp'],
      ['meat', 'cured meat'],
    ]) {
      expect(refusal(state, choose(button))).toMatchObject({ code: 'cost/not_enough', params: { resource } });
    }
  });

  it('a glowstone in the bag waives the torch, out there only', () => {
    withScene(scene);
    const state = encounter(outThere({ bag: { glowstone: 1 } }), 'gaunt_man').state;
    const lit = mustApply(state, choose('torch'), state.clock).state;
    expect(lit.expedition!.bag).toEqual({ glowstone: 1 });
    expect(lit.stores.fur).toBe(2);
    // At home the stores pay, glowstone or not.
    const home = quiet({ glowstone: 1 }, 'room');
    home.event = { id: 'gaunt_man', scene: 'start' };
    expect(refusal(home, choose('torch'))).toMatchObject({ code: 'cost/not_enough', params: { resource: 'torch' } });
  });
});

describe('scenes', () => {
  it('nextEvent replaces the event with another, opened at its start', () => {
    withScene({ buttons: { onwards: { nextEvent: 'snarling_beast' } } });
    const state = encounter(outThere(), 'gaunt_man').state;
    const next = mustApply(state, choose('onwards'), state.clock).state;
    expect(next.event).toMatchObject({ id: 'snarling_beast', scene: 'start' });
    expect(next.fight).toMatchObject({ enemy: 'snarling_beast' });
  });

  it('a story scene rolls its loot as it opens; buttons with a cooldown wait for it', () => {
    withScene(
      { buttons: { go: { next: 'cache' } } },
      {
        cache: {
          loot: { fur: { min: 3, max: 3, chance: 1 } },
          buttons: { take_it: { cooldown: 1000, next: 'end' }, stay: { next: 'start' } },
        },
      },
    );
    const state = encounter(outThere(), 'gaunt_man').state;
    const at = mustApply(state, choose('go'), state.clock).state;
    expect(at.event).toMatchObject({ scene: 'cache', loot: { fur: 3 }, readyAt: state.clock + 1000 });
    expect(refusal(at, choose('take_it'))).toMatchObject({ code: 'action/cooling_down' });
    expect(tryAct(at, choose('stay')).ok).toBe(true);
    expect(tryAct(at, choose('take_it'), state.clock + 1000).ok).toBe(true);
    // Moving on loses what lay there.
    const back = mustApply(at, choose('stay'), at.clock).state;
    expect(back.event!.loot).toBeUndefined();
  });

  it('outside the world (no one to fight) a fight scene reads as a story scene', () => {
    const state = quiet({}, 'room');
    const ctxState = encounter(state, 'snarling_beast').state;
    expect(ctxState.fight).toBeNull();
    expect(eventView(ctxState)!.buttons).toEqual([]);
  });
});

describe('taking loot', () => {
  /** Out with `bag` in pockets of 10, a scene whose ground holds `loot`, and a single way out. */
  function ground(loot: Record<string, number>, bag: Record<string, number> = {}, stores: Record<string, number> = {}): GameState {
    withScene({ buttons: { leave: { next: 'end' } } });
    const state = encounter(outThere({ bag, stores }), 'gaunt_man').state;
    state.event!.loot = { ...loot };
    return state;
  }

  it('one at a time, or a whole row as far as it fits', () => {
    const state = ground({ fur: 12, teeth: 2 });
    const one = mustApply(state, { type: 'take', item: 'fur', all: false }, state.clock).state;
    expect([one.expedition!.bag.fur, one.event!.loot!.fur]).toEqual([1, 11]);
    const row = mustApply(one, { type: 'take', item: 'fur', all: true }, state.clock).state;
    expect([row.expedition!.bag.fur, row.event!.loot!.fur]).toEqual([10, 2]);
    expect(refusal(row, { type: 'take', item: 'teeth', all: false })).toEqual({ code: 'bag/full', key: 'error.bag.full' });
    expect(refusal(row, { type: 'take', item: 'scales', all: false })).toMatchObject({ code: 'action/unavailable' });
  });

  it('by weight: bullets are a tenth, rifles five', () => {
    const state = ground({ bullets: 40, rifle: 2 }, { 'cured meat': 4 });
    const bullets = mustApply(state, { type: 'take', item: 'bullets', all: true }, state.clock).state;
    expect(bullets.expedition!.bag.bullets).toBe(40);
    expect(refusal(bullets, { type: 'take', item: 'rifle', all: false })).toMatchObject({ code: 'bag/full' });
    const rifle = mustApply(state, { type: 'take', item: 'rifle', all: true }, state.clock).state;
    expect(rifle.expedition!.bag.rifle).toBe(1);
  });

  it('everything that fits, row by row, leaving by the single way out when all of it did', () => {
    const some = ground({ fur: 3, teeth: 9 }, {}, { rucksack: 1 });
    const all = mustApply(some, { type: 'take_everything' }, some.clock).state;
    expect(all.expedition!.bag).toEqual({ fur: 3, teeth: 9 });
    expect(all.event).toBeNull();
    const full = ground({ fur: 3, teeth: 9 });
    const part = mustApply(full, { type: 'take_everything' }, full.clock).state;
    expect(part.expedition!.bag).toEqual({ fur: 3, teeth: 7 });
    expect(part.event!.loot).toEqual({ teeth: 2 });
    expect(refusal(part, { type: 'take_everything' })).toMatchObject({ code: 'bag/full' });
  });

  it('drops enough of something carried to take one: ceil((weight − free) / its weight), back on the ground', () => {
    const state = ground({ rifle: 1 }, { 'cured meat': 7, bullets: 5 });
    // 7.5 carried, 2.5 free; a rifle (5) needs 2.5 more: 3 meat or 25 bullets (only 5 carried).
    expect(dropCount(state, 'cured meat', 'rifle')).toBe(3);
    expect(dropCount(state, 'bullets', 'rifle')).toBe(5);
    const dropped = mustApply(state, { type: 'drop', item: 'cured meat', take: 'rifle' }, state.clock).state;
    expect(dropped.expedition!.bag).toEqual({ 'cured meat': 4, bullets: 5, rifle: 1 });
    expect(dropped.event!.loot).toEqual({ 'cured meat': 3 });
    expect(refusal(state, { type: 'drop', item: 'bullets', take: 'rifle' })).toMatchObject({ code: 'bag/full' });
  });

  it('waits for the fight to be won', () => {
    const state = encounter(outThere(), 'snarling_beast').state;
    state.event!.loot = { fur: 1 };
    expect(refusal(state, { type: 'take', item: 'fur', all: false })).toMatchObject({ code: 'action/unavailable' });
  });
});

import { describe, expect, it } from 'vitest';
import { advance } from '../advance.ts';
import { apply } from '../apply.ts';
import { createRng } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { ROOM_EVENTS } from '../content/events/room.ts';
import { milestoneIds, noticeKeys } from '../testing/play.ts';
import { opened, pick, quiet, rngWhere, withRng } from '../testing/events.ts';
import { availableEvents } from './engine.ts';

const ids = (state: GameState) => availableEvents(state).map((e) => e.id);

/** Opens `id` on `state` with the saved rng set to `rng`'s, so the next draws are known. */
function openWith(state: GameState, id: string, rng = state.rng): GameState {
  return withRng(opened(state, id).state, rng);
}

/** A refusal through the public `apply`; the caller's state is never touched. */
function refused(state: GameState, button: string) {
  const before = structuredClone(state);
  const result = apply(state, { type: 'event_choose', button }, state.clock);
  expect(state).toEqual(before);
  return result.ok ? null : result.error;
}

/** Where `button` leads from the open event over seeds 1 … n, as shares of n. */
function shares(state: GameState, button: string, n = 2000): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let seed = 1; seed <= n; seed++) {
    const after = pick(withRng(state, createRng(seed)), button).state;
    const scene = after.event?.scene ?? 'end';
    counts[scene] = (counts[scene] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([scene, count]) => [scene, count / n]));
}

function expectShares(actual: Record<string, number>, expected: Record<string, number>): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [scene, share] of Object.entries(expected)) expect(actual[scene], scene).toBeCloseTo(share, 1);
}

const NOT_ENOUGH = (resource: string) => ({ code: 'cost/not_enough', key: 'error.cost.not_enough', params: { resource } });
const UNAVAILABLE = { code: 'action/unavailable', key: 'error.action.unavailable' };

/** A state in which each event is available (from the room). */
const READY: Record<string, () => GameState> = {
  nomad: () => quiet({ fur: 1 }),
  noises_outside: () => quiet({ wood: 1 }),
  noises_inside: () => quiet({ wood: 1 }),
  beggar: () => quiet({ fur: 1 }),
  shady_builder: () => withHuts(quiet(), 5),
  wanderer_wood: () => quiet({ wood: 1 }),
  wanderer_fur: () => quiet({ fur: 1 }),
  scout: () => withPath(quiet()),
  master: () => withPath(quiet()),
  sick_man: () => quiet({ medicine: 1 }),
};

function withHuts(state: GameState, huts: number): GameState {
  state.outside.buildings.hut = huts;
  return state;
}

function withPath(state: GameState): GameState {
  state.features.path = true;
  return state;
}

describe('room events', () => {
  it('are R1 … R10 in order, all of the room pool', () => {
    expect(ROOM_EVENTS.map((e) => e.id)).toEqual(Object.keys(READY));
    expect(ROOM_EVENTS.every((e) => e.pool === 'room')).toBe(true);
  });

  it('lead only to scenes they have', () => {
    for (const event of ROOM_EVENTS) {
      for (const scene of Object.values(event.scenes)) {
        for (const button of Object.values(scene.buttons)) {
          const next = button.next;
          const targets = next === undefined || next === 'end' ? [] : typeof next === 'string' ? [next] : next.map(([, s]) => s);
          for (const target of targets) expect(event.scenes, `${event.id} → ${target}`).toHaveProperty(target);
          if (Array.isArray(next)) expect(next.at(-1)?.[0]).toBe(1);
        }
      }
    }
  });

  it.each(Object.keys(READY))('%s: only while the player is in the room', (id) => {
    const state = READY[id]();
    expect(ids(state)).toContain(id);
    state.location = 'outside';
    expect(ids(state)).not.toContain(id);
  });

  it('none is available in an empty new game', () => {
    expect(ids(quiet())).toEqual([]);
  });

  it('the random roll opens one of them in the room, none outside', () => {
    const room = quiet({ fur: 1 });
    room.timers.event = 1000;
    const rolled = advance(room, 1000).state;
    expect(['nomad', 'beggar', 'wanderer_fur']).toContain(rolled.event?.id);
    const outside = { ...structuredClone(room), location: 'outside' as const };
    expect(advance(outside, 1000).state.event).toBeNull();
  });

  it('opening one says its title and reaches the first-event milestone', () => {
    const { state, events } = opened(READY.nomad(), 'nomad');
    expect(state.event).toEqual({ id: 'nomad', scene: 'start' });
    expect(noticeKeys(events)).toEqual(['event.nomad.title']);
    expect(milestoneIds(events)).toEqual(['first_event']);
  });
});

describe('R1 the nomad', () => {
  it('needs fur', () => {
    expect(ids(quiet({ fur: 0 }))).not.toContain('nomad');
    expect(ids(quiet({ fur: 1 }))).toContain('nomad');
  });

  it('sells scales for 100 fur, again and again, staying open', () => {
    let state = opened(quiet({ fur: 250 }), 'nomad').state;
    state = pick(state, 'buy_scales').state;
    expect(state.stores).toEqual({ fur: 150, scales: 1 });
    state = pick(state, 'buy_scales').state;
    expect(state.stores).toEqual({ fur: 50, scales: 2 });
    expect(state.event).toEqual({ id: 'nomad', scene: 'start' });
    expect(refused(state, 'buy_scales')).toEqual(NOT_ENOUGH('fur'));
  });

  it('sells teeth for 200 fur', () => {
    const state = opened(quiet({ fur: 200 }), 'nomad').state;
    const after = pick(state, 'buy_teeth').state;
    expect(after.stores).toEqual({ fur: 0, teeth: 1 });
    expect(refused(after, 'buy_teeth')).toEqual(NOT_ENOUGH('fur'));
  });

  it('sells bait for 5 fur, with a word on what bait is for', () => {
    const state = opened(quiet({ fur: 7 }), 'nomad').state;
    const { state: after, events } = pick(state, 'buy_bait');
    expect(after.stores).toEqual({ fur: 2, bait: 1 });
    expect(noticeKeys(events)).toEqual(['event.nomad.bait_tip']);
    expect(refused(after, 'buy_bait')).toEqual(NOT_ENOUGH('fur'));
  });

  it('sells one compass for 300 fur, 15 scales, 5 teeth, which opens the path', () => {
    const state = opened(quiet({ fur: 700, scales: 30, teeth: 10 }), 'nomad').state;
    const { state: after, events } = pick(state, 'buy_compass');
    expect(after.stores).toEqual({ fur: 400, scales: 15, teeth: 5, compass: 1 });
    expect(after.features.path).toBe(true);
    // The world is drawn with the path, and the needle's direction said.
    expect(noticeKeys(events)).toEqual(['notice.path.opened', expect.stringMatching(/^notice\.world\.compass\./)]);
    expect(after.world).not.toBeNull();
    expect(milestoneIds(events)).toEqual(['compass']);
    expect(refused(after, 'buy_compass')).toEqual(UNAVAILABLE);
  });

  it('sells no compass to one who has one', () => {
    const state = opened(quiet({ fur: 700, scales: 30, teeth: 10, compass: 1 }), 'nomad').state;
    expect(refused(state, 'buy_compass')).toEqual(UNAVAILABLE);
  });

  it('refuses the compass for want of any part of its price', () => {
    const state = opened(quiet({ fur: 300, scales: 15, teeth: 4 }), 'nomad').state;
    expect(refused(state, 'buy_compass')).toEqual(NOT_ENOUGH('teeth'));
  });

  it('goes on goodbye', () => {
    const state = opened(quiet({ fur: 1 }), 'nomad').state;
    expect(pick(state, 'goodbye').state.event).toBeNull();
  });
});

describe('R2 noises outside', () => {
  it('needs wood', () => {
    expect(ids(quiet({ wood: 0 }))).not.toContain('noises_outside');
  });

  it('turns up something 30 % of the time', () => {
    expectShares(shares(opened(quiet({ wood: 1 }), 'noises_outside').state, 'investigate'), { stuff: 0.3, nothing: 0.7 });
  });

  it('stuff: 100 wood and 10 fur left at the door', () => {
    const state = openWith(quiet({ wood: 5 }), 'noises_outside', rngWhere((next) => next() < 0.3));
    const after = pick(state, 'investigate').state;
    expect(after.event).toEqual({ id: 'noises_outside', scene: 'stuff' });
    expect(after.stores).toEqual({ wood: 105, fur: 10 });
    expect(pick(after, 'back_inside').state.event).toBeNull();
  });

  it('nothing: nothing changes', () => {
    const state = openWith(quiet({ wood: 5 }), 'noises_outside', rngWhere((next) => next() >= 0.3));
    const after = pick(state, 'investigate').state;
    expect(after.event).toEqual({ id: 'noises_outside', scene: 'nothing' });
    expect(after.stores).toEqual({ wood: 5 });
    expect(pick(after, 'back_inside').state.event).toBeNull();
  });

  it('ignore ends it', () => {
    const after = pick(opened(quiet({ wood: 5 }), 'noises_outside').state, 'ignore').state;
    expect(after.event).toBeNull();
    expect(after.stores).toEqual({ wood: 5 });
  });
});

describe('R3 noises in the store room', () => {
  it('needs wood', () => {
    expect(ids(quiet({ wood: 0 }))).not.toContain('noises_inside');
  });

  it('leaves scales 50 %, teeth 30 %, cloth 20 %', () => {
    expectShares(shares(opened(quiet({ wood: 100 }), 'noises_inside').state, 'investigate'), {
      scales: 0.5,
      teeth: 0.3,
      cloth: 0.2,
    });
  });

  it.each([
    ['scales', (r: number) => r < 0.5],
    ['teeth', (r: number) => r >= 0.5 && r < 0.8],
    ['cloth', (r: number) => r >= 0.8],
  ] as const)('%s: a tenth of the wood gone, a fifth of that left as %s', (item, roll) => {
    const state = openWith(quiet({ wood: 1234 }), 'noises_inside', rngWhere((next) => roll(next())));
    const after = pick(state, 'investigate').state;
    expect(after.event).toEqual({ id: 'noises_inside', scene: item, params: { wood: 123, count: 24 } });
    expect(after.stores).toEqual({ wood: 1111, [item]: 24 });
    expect(pick(after, 'leave').state.event).toBeNull();
  });

  it('takes at least 1 wood and leaves at least 1', () => {
    const state = openWith(quiet({ wood: 9, scales: 2 }), 'noises_inside', rngWhere((next) => next() < 0.5));
    const after = pick(state, 'investigate').state;
    expect(after.stores).toEqual({ wood: 8, scales: 3 });
    expect(after.event?.params).toEqual({ wood: 1, count: 1 });
  });

  it('ignore ends it and takes nothing', () => {
    const after = pick(opened(quiet({ wood: 500 }), 'noises_inside').state, 'ignore').state;
    expect(after.event).toBeNull();
    expect(after.stores).toEqual({ wood: 500 });
  });
});

describe('R4 the beggar', () => {
  it('needs fur', () => {
    expect(ids(quiet({ fur: 0 }))).not.toContain('beggar');
  });

  it('50 fur: scales 50 %, teeth 30 %, cloth 20 %', () => {
    expectShares(shares(opened(quiet({ fur: 50 }), 'beggar').state, 'give_50'), { scales: 0.5, teeth: 0.3, cloth: 0.2 });
  });

  it('100 fur: teeth 50 %, scales 30 %, cloth 20 %', () => {
    expectShares(shares(opened(quiet({ fur: 100 }), 'beggar').state, 'give_100'), { teeth: 0.5, scales: 0.3, cloth: 0.2 });
  });

  it.each([
    ['give_50', 50, (r: number) => r < 0.5, 'scales'],
    ['give_50', 50, (r: number) => r >= 0.5 && r < 0.8, 'teeth'],
    ['give_50', 50, (r: number) => r >= 0.8, 'cloth'],
    ['give_100', 100, (r: number) => r < 0.5, 'teeth'],
    ['give_100', 100, (r: number) => r >= 0.5 && r < 0.8, 'scales'],
    ['give_100', 100, (r: number) => r >= 0.8, 'cloth'],
  ] as const)('%s takes %i fur and may leave 20 %s', (button, fur, roll, item) => {
    const state = openWith(quiet({ fur: 150 }), 'beggar', rngWhere((next) => roll(next())));
    const after = pick(state, button).state;
    expect(after.event).toEqual({ id: 'beggar', scene: item });
    expect(after.stores).toEqual({ fur: 150 - fur, [item]: 20 });
    expect(pick(after, 'goodbye').state.event).toBeNull();
  });

  it('refuses a gift that cannot be given', () => {
    const state = opened(quiet({ fur: 99 }), 'beggar').state;
    expect(refused(state, 'give_100')).toEqual(NOT_ENOUGH('fur'));
    expect(pick(state, 'give_50').state.stores.fur).toBe(49);
  });

  it('deny ends it', () => {
    expect(pick(opened(quiet({ fur: 99 }), 'beggar').state, 'deny').state.event).toBeNull();
  });
});

describe('R5 the shady builder', () => {
  it('comes while 5 to 19 huts stand', () => {
    expect(ids(withHuts(quiet(), 4))).not.toContain('shady_builder');
    expect(ids(withHuts(quiet(), 5))).toContain('shady_builder');
    expect(ids(withHuts(quiet(), 19))).toContain('shady_builder');
    expect(ids(withHuts(quiet(), 20))).not.toContain('shady_builder');
  });

  it('runs off with the wood 60 % of the time', () => {
    expectShares(shares(opened(withHuts(quiet({ wood: 300 }), 7), 'shady_builder').state, 'give_wood'), {
      steal: 0.6,
      build: 0.4,
    });
  });

  it('steal: 300 wood gone, no hut', () => {
    const state = openWith(withHuts(quiet({ wood: 400 }), 7), 'shady_builder', rngWhere((next) => next() < 0.6));
    const after = pick(state, 'give_wood').state;
    expect(after.event).toEqual({ id: 'shady_builder', scene: 'steal' });
    expect(after.stores).toEqual({ wood: 100 });
    expect(after.outside.buildings.hut).toBe(7);
    expect(pick(after, 'go_home').state.event).toBeNull();
  });

  it('build: 300 wood for one more hut', () => {
    const state = openWith(withHuts(quiet({ wood: 400 }), 7), 'shady_builder', rngWhere((next) => next() >= 0.6));
    const after = pick(state, 'give_wood').state;
    expect(after.event).toEqual({ id: 'shady_builder', scene: 'build' });
    expect(after.stores).toEqual({ wood: 100 });
    expect(after.outside.buildings.hut).toBe(8);
    expect(pick(after, 'go_home').state.event).toBeNull();
  });

  it('builds no hut past the twentieth', () => {
    const state = openWith(withHuts(quiet({ wood: 300 }), 19), 'shady_builder', rngWhere((next) => next() >= 0.6));
    state.outside.buildings.hut = 20;
    expect(pick(state, 'give_wood').state.outside.buildings.hut).toBe(20);
  });

  it('refuses without 300 wood', () => {
    const state = opened(withHuts(quiet({ wood: 299 }), 7), 'shady_builder').state;
    expect(refused(state, 'give_wood')).toEqual(NOT_ENOUGH('wood'));
    expect(pick(state, 'goodbye').state.event).toBeNull();
  });
});

describe.each([
  ['wanderer_wood', 'wood'],
  ['wanderer_fur', 'fur'],
] as const)('R6/R7 %s', (id, resource) => {
  const payout = `event.${id}.payout`;

  it(`needs ${resource}`, () => {
    expect(ids(quiet({ [resource]: 0 }))).not.toContain(id);
    expect(ids(quiet({ [resource]: 1 }))).toContain(id);
  });

  it.each([
    ['give_100', 100, 0.5, 300],
    ['give_500', 500, 0.3, 1500],
  ] as const)('%s: %i now, a %f chance of %i exactly a minute later', (button, given, chance, back) => {
    const scene = `${resource}${given}`;
    const state = openWith(quiet({ [resource]: 600 }), id, rngWhere((next) => next() < chance));
    state.clock = 5000;
    const { state: after, events } = pick(state, button);
    expect(after.event).toEqual({ id, scene });
    expect(after.stores).toEqual({ [resource]: 600 - given });
    expect(after.payouts).toEqual([{ id, dueAt: 65_000, reward: { [resource]: back }, notice: payout }]);
    expect(noticeKeys(events)).toEqual([]);

    const home = pick(after, 'goodbye').state;
    expect(home.event).toBeNull();
    // kept in the save, paid from the reloaded copy
    const reloaded = JSON.parse(JSON.stringify(home)) as GameState;
    const early = advance(reloaded, 64_999);
    expect(early.state.stores[resource]).toBe(600 - given);
    expect(early.state.payouts).toHaveLength(1);
    const due = advance(early.state, 65_000);
    expect(due.state.stores[resource]).toBe(600 - given + back);
    expect(due.state.payouts).toEqual([]);
    expect(noticeKeys(due.events)).toContain(payout);
    expect(noticeKeys(advance(due.state, 200_000).events)).not.toContain(payout);
  });

  it.each([
    ['give_100', 0.5],
    ['give_500', 0.3],
  ] as const)('%s: otherwise nothing ever comes back', (button, chance) => {
    const state = openWith(quiet({ [resource]: 600 }), id, rngWhere((next) => next() >= chance));
    const after = pick(state, button).state;
    expect(after.payouts).toEqual([]);
    expect(advance(pick(after, 'goodbye').state, 600_000).state.stores[resource]).toBe(
      after.stores[resource],
    );
  });

  it('pays back with the promised odds', () => {
    for (const [button, chance] of [['give_100', 0.5], ['give_500', 0.3]] as const) {
      const state = opened(quiet({ [resource]: 500 }), id).state;
      let promised = 0;
      for (let seed = 1; seed <= 2000; seed++) promised += pick(withRng(state, createRng(seed)), button).state.payouts.length;
      expect(promised / 2000, button).toBeCloseTo(chance, 1);
    }
  });

  it('refuses what cannot be given; deny ends it', () => {
    const state = opened(quiet({ [resource]: 499 }), id).state;
    expect(refused(state, 'give_500')).toEqual(NOT_ENOUGH(resource));
    const denied = pick(state, 'deny').state;
    expect(denied.event).toBeNull();
    expect(denied.stores).toEqual({ [resource]: 499 });
  });
});

describe('R8 the scout', () => {
  it('comes once the path is open', () => {
    expect(ids(quiet({ fur: 5000 }))).not.toContain('scout');
    expect(ids(withPath(quiet()))).toContain('scout');
  });

  it('has no map to sell while there is no world map', () => {
    const state = opened(withPath(quiet({ fur: 1000, scales: 100 })), 'scout').state;
    expect(refused(state, 'buy_map')).toEqual(UNAVAILABLE);
  });

  it('teaches scouting for 1000 fur, 50 scales, 20 teeth, once', () => {
    const state = opened(withPath(quiet({ fur: 2500, scales: 100, teeth: 40 })), 'scout').state;
    const { state: after, events } = pick(state, 'learn_scouting');
    expect(after.stores).toEqual({ fur: 1500, scales: 50, teeth: 20 });
    expect(after.character.perks).toEqual({ scout: true });
    expect(events).toContainEqual({ type: 'notice', key: 'notice.perk.learned', params: { perk: 'scout' } });
    expect(after.event).toEqual({ id: 'scout', scene: 'start' });
    expect(refused(after, 'learn_scouting')).toEqual(UNAVAILABLE);
    expect(pick(after, 'goodbye').state.event).toBeNull();
  });

  it('refuses the lesson for want of its price', () => {
    const state = opened(withPath(quiet({ fur: 1000, scales: 49, teeth: 20 })), 'scout').state;
    expect(refused(state, 'learn_scouting')).toEqual(NOT_ENOUGH('scales'));
  });
});

describe('R9 the master', () => {
  const LODGING = { 'cured meat': 100, fur: 100, torch: 1 };

  it('comes once the path is open', () => {
    expect(ids(quiet(LODGING))).not.toContain('master');
    expect(ids(withPath(quiet()))).toContain('master');
  });

  it('asks 100 cured meat, 100 fur and a torch for lodging', () => {
    const state = opened(withPath(quiet({ 'cured meat': 150, fur: 100, torch: 2 })), 'master').state;
    const after = pick(state, 'agree').state;
    expect(after.stores).toEqual({ 'cured meat': 50, fur: 0, torch: 1 });
    expect(after.event).toEqual({ id: 'master', scene: 'agree' });
  });

  it('is refused without the torch', () => {
    const state = opened(withPath(quiet({ 'cured meat': 100, fur: 100 })), 'master').state;
    expect(refused(state, 'agree')).toEqual(NOT_ENOUGH('torch'));
    expect(pick(state, 'deny').state.event).toBeNull();
  });

  it.each([
    ['evasion', 'evasive'],
    ['precision', 'precise'],
    ['force', 'barbarian'],
  ] as const)('%s teaches %s and ends', (button, perk) => {
    const agreed = pick(opened(withPath(quiet(LODGING)), 'master').state, 'agree').state;
    const { state: after, events } = pick(agreed, button);
    expect(after.character.perks).toEqual({ [perk]: true });
    expect(events).toContainEqual({ type: 'notice', key: 'notice.perk.learned', params: { perk } });
    expect(after.event).toBeNull();
    expect(after.stores).toEqual({ 'cured meat': 0, fur: 0, torch: 0 });
  });

  it('offers no lesson already learned', () => {
    const state = withPath(quiet(LODGING));
    state.character.perks = { evasive: true, precise: true };
    const agreed = pick(opened(state, 'master').state, 'agree').state;
    expect(refused(agreed, 'evasion')).toEqual(UNAVAILABLE);
    expect(refused(agreed, 'precision')).toEqual(UNAVAILABLE);
    expect(pick(agreed, 'force').state.character.perks).toEqual({ evasive: true, precise: true, barbarian: true });
  });

  it('takes the lodging even from one who knows it all; nothing ends it', () => {
    const state = withPath(quiet(LODGING));
    state.character.perks = { evasive: true, precise: true, barbarian: true };
    const agreed = pick(opened(state, 'master').state, 'agree').state;
    expect(agreed.stores).toEqual({ 'cured meat': 0, fur: 0, torch: 0 });
    for (const button of ['evasion', 'precision', 'force']) expect(refused(agreed, button)).toEqual(UNAVAILABLE);
    const { state: after, events } = pick(agreed, 'nothing');
    expect(after.event).toBeNull();
    expect(noticeKeys(events)).toEqual([]);
  });
});

describe('R10 the sick man', () => {
  it('needs medicine', () => {
    expect(ids(quiet({ medicine: 0 }))).not.toContain('sick_man');
    expect(ids(quiet({ medicine: 1 }))).toContain('sick_man');
  });

  it('gives alloy 10 %, cells 20 %, scales 20 %, thanks 50 %', () => {
    expectShares(shares(opened(quiet({ medicine: 1 }), 'sick_man').state, 'help'), {
      alloy: 0.1,
      cells: 0.2,
      scales: 0.2,
      nothing: 0.5,
    });
  });

  it.each([
    ['alloy', (r: number) => r < 0.1, { 'alien alloy': 1 }],
    ['cells', (r: number) => r >= 0.1 && r < 0.3, { 'energy cell': 3 }],
    ['scales', (r: number) => r >= 0.3 && r < 0.5, { scales: 5 }],
    ['nothing', (r: number) => r >= 0.5, {}],
  ] as const)('%s: one medicine for %o', (scene, roll, reward) => {
    const state = openWith(quiet({ medicine: 2 }), 'sick_man', rngWhere((next) => roll(next())));
    const after = pick(state, 'help').state;
    expect(after.event).toEqual({ id: 'sick_man', scene });
    expect(after.stores).toEqual({ medicine: 1, ...reward });
    expect(pick(after, 'goodbye').state.event).toBeNull();
  });

  it('ignore ends it', () => {
    const after = pick(opened(quiet({ medicine: 1 }), 'sick_man').state, 'ignore').state;
    expect(after.event).toBeNull();
    expect(after.stores).toEqual({ medicine: 1 });
  });
});

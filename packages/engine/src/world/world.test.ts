import { describe, expect, it } from 'vitest';
import { check } from '../apply.ts';
import type { Ctx } from '../core/context.ts';
import type { GameState } from '../core/state.ts';
import { rngWhere, withRng } from '../testing/events.ts';
import { ctxAt, milestoneIds, mustApply, noticeKeys } from '../testing/play.ts';
import { atPath, flatMap, pace, setOut, walk, withTiles } from '../testing/world.ts';
import { encounterCandidates } from './move.ts';
import { die, goHome } from './home.ts';
import { markVisited, setTripFlag } from './effects.ts';
import { VILLAGE, isSeen, posKey, surroundings, tileChar } from './selectors.ts';

const ROADS = flatMap('#');
/** Out on a map of roads (no fight can happen on a road) with `stores` packed as `outfit`. */
function outOnRoads(outfit: Record<string, number>, stores: Record<string, number> = {}, perks: string[] = []): GameState {
  const home = atPath({ ...outfit, ...stores }, ROADS);
  for (const perk of perks) home.character.perks[perk] = true;
  return setOut(home, outfit);
}
const ctxOf = (state: GameState): Ctx => ctxAt(structuredClone(state), state.clock);
/** The traveller carried ten steps east of the village (so pacing back and forth never reaches home). */
function away(state: GameState): GameState {
  state.expedition!.x = VILLAGE.x + 10;
  return state;
}

describe('moving', () => {
  it('steps one tile in each direction, y growing southward', () => {
    const state = outOnRoads({ 'cured meat': 5 });
    expect(walk(state, ['north']).state.expedition).toMatchObject({ x: 30, y: 29 });
    expect(walk(state, ['south']).state.expedition).toMatchObject({ x: 30, y: 31 });
    expect(walk(state, ['east']).state.expedition).toMatchObject({ x: 31, y: 30 });
    expect(walk(state, ['west']).state.expedition).toMatchObject({ x: 29, y: 30 });
  });

  it('refuses a step off the map, and any step at home', () => {
    const state = outOnRoads({ 'cured meat': 5 });
    state.expedition!.x = 0;
    state.expedition!.y = 60;
    expect(check(state, { type: 'move', dir: 'west' })).toEqual({ code: 'world/edge', key: 'error.world.edge' });
    expect(check(state, { type: 'move', dir: 'south' })?.code).toBe('world/edge');
    expect(check(state, { type: 'move', dir: 'north' })).toBeNull();
    expect(check(atPath({ 'cured meat': 5 }), { type: 'move', dir: 'north' })?.code).toBe('action/unavailable');
    expect(check(state, { type: 'move', dir: 'up' as 'north' })?.code).toBe('command/unknown');
  });

  it('refuses travel to the home tabs while out', () => {
    expect(check(outOnRoads({ 'cured meat': 5 }), { type: 'travel', to: 'room' })?.code).toBe('world/away');
  });

  it('reveals everything within 2 steps of each new tile on the trip map, 4 with the scout', () => {
    const { state } = walk(outOnRoads({ 'cured meat': 5 }), ['east', 'east', 'east']);
    const map = state.expedition!.map;
    expect(isSeen(map, 35, 30)).toBe(true);
    expect(isSeen(map, 34, 31)).toBe(true);
    expect(isSeen(map, 36, 30)).toBe(false);
    expect(isSeen(map, 35, 31)).toBe(false);
    expect(isSeen(state.world!, 35, 30)).toBe(false);
    const scout = walk(outOnRoads({ 'cured meat': 5 }, {}, ['scout']), ['east']).state.expedition!.map;
    expect(isSeen(scout, 35, 30)).toBe(true);
    expect(isSeen(scout, 36, 30)).toBe(false);
  });

  it('says so when the ground changes, and not while it stays the same', () => {
    const map = withTiles(flatMap(','), { '1,0': ',', '2,0': ';', '3,0': ';', '4,0': '.' });
    const state = setOut(atPath({ 'cured meat': 5 }, map), { 'cured meat': 5 });
    // Fights are possible on terrain: keep the rolls high so none comes.
    const calm = withRng(state, rngWhere((next) => Array.from({ length: 8 }, next).every((u) => u >= 0.2)));
    const terrain = (events: ReturnType<typeof walk>['events']) => noticeKeys(events).filter((k) => k.startsWith('notice.world.terrain'));
    // Out of the village onto a field, then field again (nothing), forest, forest (nothing), barrens.
    expect(terrain(walk(calm, ['east']).events)).toEqual(['notice.world.terrain.field']);
    expect(terrain(walk(calm, ['east', 'east', 'east', 'east']).events)).toEqual([
      'notice.world.terrain.field',
      'notice.world.terrain.forest',
      'notice.world.terrain.barrens',
    ]);
  });
});

describe('water and food', () => {
  it('drinks one water a step: with W water the (W+2)-th step kills', () => {
    let state = away(outOnRoads({ 'cured meat': 30 }));
    expect(state.expedition!.water).toBe(10);
    let step = pace(state, 9);
    expect(step.state.expedition!.water).toBe(1);
    step = pace(step.state, 1);
    expect(step.state.expedition!.water).toBe(0);
    expect(noticeKeys(step.events)).toContain('notice.world.water_out');
    step = walk(step.state, ['west']);
    expect(step.state.expedition!.thirsty).toBe(true);
    expect(noticeKeys(step.events)).toContain('notice.world.thirsty');
    state = step.state;
    step = walk(state, ['east']);
    expect(step.state.location).toBe('room');
    expect(step.state.expedition).toBeNull();
    expect(noticeKeys(step.events)).toContain('notice.world.death.thirst');
    expect(step.state.character.dehydrated).toBe(1);
  });

  it('eats a ration every 2 steps, healing 8; with M rations the 2(M+2)-th step kills', () => {
    let state = away(outOnRoads({ 'cured meat': 3 }, { 'water tank': 1, 'i armour': 1 }));
    state.expedition!.hp = 5;
    let step = pace(state, 1);
    expect(step.state.expedition!.bag['cured meat']).toBe(3);
    step = pace(step.state, 1);
    expect(step.state.expedition!.bag['cured meat']).toBe(2);
    expect(step.state.expedition!.hp).toBe(13);
    step = pace(step.state, 2);
    expect(step.state.expedition!.hp).toBe(21);
    step = pace(step.state, 2);
    // The last ration is warned of and heals like any other (the decision table), up to the armour's 25.
    expect(step.state.expedition!.bag['cured meat']).toBeUndefined();
    expect(step.state.expedition!.hp).toBe(25);
    expect(noticeKeys(step.events)).toContain('notice.world.meat_out');
    step = pace(step.state, 2);
    expect(step.state.expedition!.starving).toBe(true);
    expect(noticeKeys(step.events)).toContain('notice.world.starving');
    step = pace(step.state, 1);
    expect(step.state.location).toBe('world');
    step = pace(step.state, 1);
    // Step 10 = 2 × (3 + 2).
    expect(step.state.location).toBe('room');
    expect(noticeKeys(step.events)).toContain('notice.world.death.starvation');
    expect(step.state.character.starved).toBe(1);
    state = step.state;
  });

  it('heals no further than the armour allows, 16 a ration with the good stomach', () => {
    const state = away(outOnRoads({ 'cured meat': 5 }, {}, ['gastronome']));
    state.expedition!.hp = 1;
    expect(pace(state, 2).state.expedition!.hp).toBe(10);
    const big = away(outOnRoads({ 'cured meat': 5 }, { 's armour': 1 }, ['gastronome']));
    big.expedition!.hp = 1;
    expect(pace(big, 2).state.expedition!.hp).toBe(17);
  });

  it('eats every 4 steps with slow metabolism, drinks every 2 as a desert rat', () => {
    const slow = pace(away(outOnRoads({ 'cured meat': 5 }, {}, ['slow metabolism'])), 4).state.expedition!;
    expect(slow.bag['cured meat']).toBe(4);
    const rat = pace(away(outOnRoads({ 'cured meat': 5 }, {}, ['desert rat'])), 4).state.expedition!;
    expect(rat.water).toBe(8);
    // A desert rat with 10 water dies on step 2 × (10 + 2) = 24.
    const long = pace(away(outOnRoads({ 'cured meat': 15 }, {}, ['desert rat'])), 23).state;
    expect(long.location).toBe('world');
    expect(pace(long, 1).state.location).toBe('room');
  });

  it('a drink after a dry step ends the thirst', () => {
    const state = pace(away(outOnRoads({ 'cured meat': 20 })), 11).state;
    expect(state.expedition!.thirsty).toBe(true);
    state.expedition!.water = 3;
    expect(pace(state, 1).state.expedition!.thirsty).toBe(false);
  });

  it('learns slow metabolism on the 10th death by hunger, and the desert rat on the 10th by thirst', () => {
    const starving = away(outOnRoads({ 'cured meat': 1 }));
    starving.character.starved = 9;
    const { state, events } = pace(starving, 6);
    expect(state.character.starved).toBe(10);
    expect(state.character.perks['slow metabolism']).toBe(true);
    expect(events).toContainEqual({ type: 'notice', key: 'notice.perk.learned', params: { perk: 'slow metabolism' } });
    const dry = away(outOnRoads({ 'cured meat': 20 }));
    dry.character.dehydrated = 9;
    const after = pace(dry, 12).state;
    expect(after.character.dehydrated).toBe(10);
    expect(after.character.perks['desert rat']).toBe(true);
  });

  it('does not count deaths in a fight toward either perk', () => {
    const state = outOnRoads({ 'cured meat': 1 });
    const ctx = ctxOf(state);
    die(ctx, 'combat');
    expect(ctx.state.character).toMatchObject({ starved: 0, dehydrated: 0, perks: {} });
    expect(noticeKeys(ctx.events)).toEqual(['notice.world.death.combat']);
  });
});

describe('fights on the way', () => {
  it('rolls only after more than 3 eligible steps, and resets the counter on a hit even where no fight fits', () => {
    const state = away(outOnRoads({ 'cured meat': 10 }));
    const low = withRng(state, rngWhere((next) => next() < 0.2));
    const high = withRng(state, rngWhere((next) => next() >= 0.2));
    expect(pace(low, 3).state.expedition!.fightSteps).toBe(3);
    expect(pace(low, 3).state.rng).toEqual(low.rng);
    expect(pace(low, 4).state.expedition!.fightSteps).toBe(0);
    expect(pace(low, 4).state.event).toBeNull();
    expect(pace(high, 4).state.expedition!.fightSteps).toBe(4);
  });

  it('halves the chance for the stealthy', () => {
    const state = away(outOnRoads({ 'cured meat': 10 }, {}, ['stealthy']));
    const between = withRng(state, rngWhere((next) => {
      const u = next();
      return u >= 0.1 && u < 0.2;
    }));
    expect(pace(between, 4).state.expedition!.fightSteps).toBe(4);
    const under = withRng(state, rngWhere((next) => next() < 0.1));
    expect(pace(under, 4).state.expedition!.fightSteps).toBe(0);
  });

  it('picks one of the encounters that fit the tile and distance, uniformly, when the roll comes', () => {
    // Fields within 10 steps have two encounters (spec 05 §8.3); the pick is the draw after the roll.
    const home = atPath({ 'cured meat': 10 }, flatMap(','));
    const out = away(setOut(home, { 'cured meat': 10 }));
    out.expedition!.x = VILLAGE.x + 5;
    const candidates = encounterCandidates(out);
    expect(candidates).toHaveLength(2);
    const opened = new Set<string>();
    for (const pickRoll of [0.1, 0.9]) {
      const rigged = withRng(out, rngWhere((next) => next() < 0.2 && Math.abs(next() - pickRoll) < 0.1));
      const { state } = pace(rigged, 4);
      expect(state.expedition!.fightSteps).toBe(0);
      opened.add(state.event!.id);
    }
    expect([...opened].sort()).toEqual([...candidates].sort());
  });

  it('finds no encounter on a road or at home', () => {
    expect(encounterCandidates(outOnRoads({ 'cured meat': 1 }))).toEqual([]);
  });
});

describe('landmarks', () => {
  it('opens the landmark event on its tile, without eating, drinking or rolling a fight', () => {
    const map = withTiles(ROADS, { '0,-2': 'H' });
    const out = setOut(atPath({ 'cured meat': 5 }, map), { 'cured meat': 5 });
    const { state, events } = walk(out, ['north', 'north']);
    expect(state.event?.id).toBe('house');
    expect(state.expedition).toMatchObject({ water: 9, foodSteps: 1, fightSteps: 1 });
    expect(milestoneIds(events)).toContain('landmark_house');
  });

  it('treats a completed landmark as plain ground', () => {
    const map = withTiles(ROADS, { '1,0': 'H' });
    map.done.push(posKey(31, 30));
    const out = setOut(atPath({ 'cured meat': 5 }, map), { 'cured meat': 5 });
    const { state, events } = walk(out, ['east']);
    expect(state.event).toBeNull();
    expect(state.expedition!.water).toBe(9);
    expect(milestoneIds(events)).toEqual([]);
  });

  it('opens an unused outpost, and a used one does nothing at all', () => {
    const map = withTiles(ROADS, { '1,0': 'P' });
    const out = setOut(atPath({ 'cured meat': 5 }, map), { 'cured meat': 5 });
    const first = walk(out, ['east']).state;
    expect(first.event?.id).toBe('outpost');
    expect(first.expedition!.usedOutposts).toEqual([posKey(31, 30)]);
    const closed = { ...first, event: null };
    const onRoad = walk(closed, ['east']).state;
    const again = walk(onRoad, ['west']).state;
    expect(again.event).toBeNull();
    expect(again.expedition).toMatchObject({ x: 31, water: onRoad.expedition!.water, foodSteps: onRoad.expedition!.foodSteps });
  });

  it('leaves the outpost event alone when stepping on a used outpost mid-trip', () => {
    const map = withTiles(ROADS, { '1,0': 'P' });
    const out = setOut(atPath({ 'cured meat': 5 }, map), { 'cured meat': 5 });
    out.expedition!.usedOutposts.push(posKey(31, 30));
    const { state } = walk(out, ['east']);
    expect(state.event).toBeNull();
    expect(state.expedition).toMatchObject({ water: 10, foodSteps: 0, fightSteps: 0 });
  });

  it('opens the battleship (its way in, on a first visit); the visit counts as a milestone', () => {
    const map = withTiles(ROADS, { '1,0': 'X' });
    const { state, events } = walk(setOut(atPath({ 'cured meat': 5 }, map), { 'cured meat': 5 }), ['east']);
    expect(state.event?.id).toBe('executioner_intro');
    expect(milestoneIds(events)).toContain('landmark_executioner');
  });

  it('warns past 8 steps without iron armour and gives the all-clear back inside', () => {
    const out = outOnRoads({ 'cured meat': 10 }, { 'water tank': 1 });
    const far = walk(out, Array(8).fill('east'));
    expect(noticeKeys(far.events).filter((k) => k === 'notice.world.danger')).toHaveLength(1);
    expect(far.state.expedition!.danger).toBe(1);
    const back = walk(far.state, ['west']);
    expect(noticeKeys(back.events)).toContain('notice.world.safer');
    expect(back.state.expedition!.danger).toBe(0);
  });

  it('warns an iron-clad traveller only past 18, and clears between 8 and 18 (the fixed comparison)', () => {
    const out = outOnRoads({ 'cured meat': 20 }, { 'water tank': 1, 'i armour': 1 });
    const mid = walk(out, Array(17).fill('east'));
    expect(noticeKeys(mid.events)).not.toContain('notice.world.danger');
    const far = walk(mid.state, ['east']);
    expect(noticeKeys(far.events)).toContain('notice.world.danger');
    const back = walk(far.state, ['west']);
    expect(noticeKeys(back.events)).toContain('notice.world.safer');
    const steel = walk(outOnRoads({ 'cured meat': 20 }, { 'water tank': 1, 's armour': 1 }), Array(20).fill('east'));
    expect(noticeKeys(steel.events)).not.toContain('notice.world.danger');
  });
});

describe('coming home', () => {
  it('unpacks the bag into the stores, keeps the remembered loadout and shows the path', () => {
    const home = atPath({ 'cured meat': 10, torch: 2, 'alien alloy': 1, bullets: 5 }, ROADS);
    const out = setOut(home, { 'cured meat': 4, torch: 1, 'alien alloy': 1, bullets: 5 });
    out.expedition!.bag.fur = 12;
    const { state, events } = walk(out, ['east', 'west']);
    expect(state.location).toBe('path');
    expect(state.expedition).toBeNull();
    // One ration eaten on the second step? No: the village step consumes nothing; one step on the road did not eat (2 per ration).
    expect(state.stores).toMatchObject({ 'cured meat': 10, torch: 2, 'alien alloy': 1, bullets: 5, fur: 12 });
    expect(state.outfit).toEqual({ 'cured meat': 4, torch: 1, bullets: 5 });
    expect(noticeKeys(events)).toContain('notice.world.home.unpacked');
  });

  it('commits the trip map: visited landmarks, roads and what was seen', () => {
    const out = outOnRoads({ 'cured meat': 5 });
    const ctx = ctxOf(out);
    ctx.state.expedition!.x = 31;
    markVisited(ctx);
    const walked = walk({ ...ctx.state, expedition: { ...ctx.state.expedition!, x: 31 } }, ['west']).state;
    expect(walked.world!.done).toEqual([posKey(31, 30)]);
    expect(isSeen(walked.world!, 32, 30)).toBe(true);
  });

  it('grants a cleared mine once, opening its job, and only on a safe return', () => {
    const out = outOnRoads({ 'cured meat': 5 });
    const ctx = ctxOf(out);
    setTripFlag(ctx, 'ironmine');
    setTripFlag(ctx, 'coalmine');
    goHome(ctx);
    expect(ctx.state.outside.buildings).toMatchObject({ 'iron mine': 1, 'coal mine': 1 });
    expect(ctx.state.outside.workers).toMatchObject({ 'iron miner': 0, 'coal miner': 0 });
    expect(milestoneIds(ctx.events)).toEqual(['ironmine_cleared', 'coalmine_cleared']);
    expect(noticeKeys(ctx.events)).toEqual(expect.arrayContaining(['notice.world.home.ironmine', 'notice.world.home.coalmine']));
    expect(ctx.state.flags.ironmine).toBeUndefined();
    // Cleared again later: nothing more.
    const again = ctxOf(setOut({ ...ctx.state, location: 'path' }, { 'cured meat': 1 }));
    setTripFlag(again, 'ironmine');
    goHome(again);
    expect(again.state.outside.buildings['iron mine']).toBe(1);
    expect(noticeKeys(again.events)).not.toContain('notice.world.home.ironmine');
    // Dying instead loses it.
    const lost = ctxOf(out);
    setTripFlag(lost, 'sulphurmine');
    die(lost, 'combat');
    expect(lost.state.outside.buildings['sulphur mine']).toBeUndefined();
  });

  it('brings home the ship, the battleship and a cleared city as lasting flags', () => {
    const ctx = ctxOf(outOnRoads({ 'cured meat': 5 }));
    for (const flag of ['ship', 'executioner', 'cityCleared']) setTripFlag(ctx, flag);
    goHome(ctx);
    expect(ctx.state.flags).toMatchObject({ ship: true, executioner: true, cityCleared: true });
    expect(milestoneIds(ctx.events)).toContain('ship_found');
    expect(noticeKeys(ctx.events)).toEqual(expect.arrayContaining(['notice.world.home.ship', 'notice.world.home.executioner']));
    const dead = ctxOf(outOnRoads({ 'cured meat': 5 }));
    setTripFlag(dead, 'cityCleared');
    die(dead, 'thirst');
    expect(dead.state.flags.cityCleared).toBeUndefined();
  });

  it('redeems blueprints into the fabricator\'s memory instead of the stores', () => {
    const ctx = ctxOf(outOnRoads({ 'cured meat': 5 }));
    ctx.state.expedition!.bag['stim blueprint'] = 1;
    ctx.state.expedition!.bag['glowstone blueprint'] = 1;
    goHome(ctx);
    expect(ctx.state.character.blueprints).toEqual({ stim: true, glowstone: true });
    expect(ctx.state.stores['stim blueprint']).toBeUndefined();
    expect(ctx.events).toContainEqual({ type: 'notice', key: 'notice.world.home.blueprint', params: { item: 'stim' } });
  });
});

describe('dying', () => {
  it('loses the bag and the trip, clears the loadout, and cools the embark button for 120 s', () => {
    const home = atPath({ 'cured meat': 6, torch: 1 }, ROADS);
    const out = setOut(home, { 'cured meat': 5, torch: 1 });
    out.expedition!.map.tiles[0] = '#'.repeat(61);
    out.event = { id: 'house', scene: 'start' };
    out.clock = 5_000;
    const ctx = ctxOf(out);
    die(ctx, 'combat');
    const { state } = ctx;
    expect(state.location).toBe('room');
    expect(state.expedition).toBeNull();
    expect(state.event).toBeNull();
    expect(state.fight).toBeNull();
    expect(state.outfit).toEqual({});
    expect(state.stores).toMatchObject({ 'cured meat': 1, torch: 0 });
    expect(state.world).toEqual(home.world);
    expect(state.cooldowns.embark).toBe(125_000);
    expect(milestoneIds(ctx.events)).toEqual(['first_death']);
  });

  it('keeps the perk counters and perks across a death', () => {
    const out = outOnRoads({ 'cured meat': 1 }, {}, ['boxer']);
    out.character.punches = 40;
    const ctx = ctxOf(out);
    die(ctx, 'starvation');
    expect(ctx.state.character).toMatchObject({ punches: 40, starved: 1, perks: { boxer: true } });
  });
});

describe('surroundings', () => {
  it('lists the landmarks in sight nearest first, then the way home', () => {
    const map = withTiles(ROADS, { '3,-1': 'H', '4,0': 'P', '9,0': 'V' });
    const out = walk(setOut(atPath({ 'cured meat': 5 }, map), { 'cured meat': 5 }), ['east', 'east']).state;
    expect(surroundings(out)).toEqual([
      { kind: 'house', steps: 2, direction: 'northeast', done: false },
      { kind: 'outpost', steps: 2, direction: 'east', done: false },
      { kind: 'village', steps: 2, direction: 'west', done: false },
    ]);
    expect(surroundings(atPath())).toEqual([]);
  });

  it('names the tile underfoot as here', () => {
    const map = withTiles(ROADS, { '1,0': 'P' });
    const out = walk(setOut(atPath({ 'cured meat': 5 }, map), { 'cured meat': 5 }), ['east']).state;
    expect(surroundings(out)[0]).toEqual({ kind: 'outpost', steps: 0, direction: 'here', done: false });
    expect(tileChar(out.expedition!.map, VILLAGE.x, VILLAGE.y)).toBe('A');
  });
});

describe('a round trip through apply', () => {
  it('embarks, walks out and back, and lands on the path with the map committed', () => {
    const home = atPath({ 'cured meat': 3 }, ROADS);
    let state = mustApply({ ...home, outfit: { 'cured meat': 3 } }, { type: 'embark' }, 0).state;
    state = walk(state, ['north', 'north', 'north', 'south', 'south', 'south']).state;
    expect(state.location).toBe('path');
    expect(isSeen(state.world!, 30, 25)).toBe(true);
    expect(state.stores['cured meat']).toBe(1);
    expect(state.outfit).toEqual({ 'cured meat': 3 });
    // The remembered loadout is clamped to the 1 left when packing again.
    expect(check(state, { type: 'embark' })).toBeNull();
    expect(mustApply(state, { type: 'embark' }, state.clock).state.expedition!.bag).toEqual({ 'cured meat': 1 });
  });
});

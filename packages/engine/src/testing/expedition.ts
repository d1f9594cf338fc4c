/**
 * A scripted expedition for the engine's tests: a game that bought its compass (so the world is the
 * one generated from its own seed), packed on the path screen, walked step by step through `apply`,
 * every fight on the way fought through the real combat commands with `advance` between blows, the
 * landmark's scenes chosen until its event closes, and the walk home. Nothing is set by hand once
 * the game exists: every change goes through `apply` or `advance`, and each refusal is a failure.
 *
 * The walker reads the whole map (a test may; a player sees only what the fog lets them), and routes
 * round every landmark that is not its goal, so only the goal's event and the encounters open.
 */
import { advance, nextDueAt } from '../advance.ts';
import { apply, check } from '../apply.ts';
import { DIRECTIONS, type Command, type Direction, type SupportAction } from '../core/commands.ts';
import type { GameEvent } from '../core/context.ts';
import { newGame, type GameState, type WorldMap } from '../core/state.ts';
import { weaponById } from '../content/weapons.ts';
import { fightView } from '../combat/selectors.ts';
import { currentButtons } from '../events/engine.ts';
import { fighting, openScene } from '../events/scene.ts';
import { maxHealth } from '../path/capacity.ts';
import {
  MEAT_HEAL,
  MOVES_PER_FOOD,
  MOVES_PER_FOOD_SLOW,
  MOVES_PER_WATER,
  MOVES_PER_WATER_DESERT_RAT,
} from '../world/move.ts';
import {
  VILLAGE,
  WORLD_SIZE,
  isDone,
  isLandmarkKind,
  tileChar,
  tileKind,
  type LandmarkKind,
} from '../world/selectors.ts';

export interface Point {
  x: number;
  y: number;
}

/** Landmarks an expedition sets out to resolve: every kind but the outpost, which is never done. */
export type Goal = Point & { kind: LandmarkKind; route: Direction[] };

const STEP: Readonly<Record<Direction, readonly [number, number]>> = {
  north: [0, -1],
  south: [0, 1],
  east: [1, 0],
  west: [-1, 0],
};

/** A walker's pace: one step a second, as a player pressing a key would. */
export const PACE_MS = 1000;
/** The compass's price (fur, scales, teeth) at the trading post. */
const COMPASS_PRICE = { fur: 400, scales: 20, teeth: 10 };

export interface StepFailure {
  step: number;
  what: string;
}

export interface FightRecord {
  /** The event the fight was part of (an encounter id or a landmark's). */
  event: string;
  enemy: string;
  won: boolean;
  attacks: number;
  /** Clock time the fight opened and was decided (won, or the player died). */
  from: number;
  to: number;
}

/** Everything the expedition did, for the tests to check against the rules. */
export interface Ledger {
  /** Moves applied, and those that ate and drank (not onto a landmark or home). */
  steps: number;
  eligibleSteps: number;
  /** Rations and water the walk itself used (not eating in a fight). */
  rations: number;
  drinks: number;
  /** Water put back by a landmark (house supplies, outpost), counted in units. */
  refilled: number;
  fights: FightRecord[];
  /** Support used in fights: meat eaten, medicine taken. */
  eaten: number;
  meds: number;
  /** What was picked up from the ground, and paid out of the bag for a choice. */
  taken: Record<string, number>;
  paid: Record<string, number>;
  /** Every scene passed through, as `event:scene`. */
  scenes: string[];
  /** Steps where food or water did not go as the rules say (empty when all is well). */
  supplyFailures: StepFailure[];
  /** Each time the last ration in the bag was eaten on the road: health before and after. */
  lastRations: Array<{ step: number; hpBefore: number; hpAfter: number; maxHp: number }>;
  events: GameEvent[];
  commands: number;
}

export function newLedger(): Ledger {
  return {
    steps: 0,
    eligibleSteps: 0,
    rations: 0,
    drinks: 0,
    refilled: 0,
    fights: [],
    eaten: 0,
    meds: 0,
    taken: {},
    paid: {},
    scenes: [],
    supplyFailures: [],
    lastRations: [],
    events: [],
    commands: 0,
  };
}

/** `command` at `now`, which must be accepted; recorded in the ledger. */
function run(state: GameState, command: Command, now: number, ledger: Ledger): GameState {
  const result = apply(state, command, now);
  if (!result.ok) {
    const where = state.expedition ? ` at (${state.expedition.x}, ${state.expedition.y})` : '';
    throw new Error(`${JSON.stringify(command)} refused at ${now}${where}: ${result.error.code} ${JSON.stringify(result.error.params ?? {})}`);
  }
  ledger.commands += 1;
  ledger.events.push(...result.events);
  return result.state;
}

function wait(state: GameState, until: number, ledger: Ledger): GameState {
  const step = advance(state, until);
  ledger.events.push(...step.events);
  return step.state;
}

const add = (into: Record<string, number>, item: string, n: number) => {
  if (n !== 0) into[item] = (into[item] ?? 0) + n;
};

function bagDiff(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of new Set([...Object.keys(before), ...Object.keys(after)])) add(out, item, (after[item] ?? 0) - (before[item] ?? 0));
  return out;
}

// ————————————————————————————————————————————— the game and the map

/**
 * A new game of `seed` whose player has a trading post and the compass's price, and buys the
 * compass through `apply`: the path opens and the world is generated from the game's own RNG.
 * `stores` are what the village has put by for the trip (and stay under the thieves' threshold).
 */
export function compassGame(seed: number, stores: Record<string, number> = {}): GameState {
  const state = newGame(seed);
  state.features.outside = true;
  state.outside.buildings['trading post'] = 1;
  state.stores = { ...COMPASS_PRICE, ...stores };
  const result = apply(state, { type: 'buy', item: 'compass' }, 0);
  if (!result.ok) throw new Error(`the compass could not be bought: ${result.error.code}`);
  return result.state;
}

/** Whether stepping onto (x, y) opens something a walk should not stumble into. */
function isUndoneLandmark(map: WorldMap, x: number, y: number): boolean {
  return isLandmarkKind(tileKind(tileChar(map, x, y))) && !isDone(map, x, y);
}

const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < WORLD_SIZE && y < WORLD_SIZE;
const key = (x: number, y: number) => y * WORLD_SIZE + x;

/**
 * Breadth-first over the map from `from`: every tile can be walked except un-done landmarks and the
 * village, which are only ever the end of a route. `isGoal` picks where to stop; the first goal met
 * is the nearest by steps (ties: the order the directions are tried in, north, south, east, west).
 */
function search(map: WorldMap, from: Point, isGoal: (x: number, y: number) => boolean): { at: Point; route: Direction[] } | null {
  const cameFrom = new Map<number, [number, Direction]>();
  cameFrom.set(key(from.x, from.y), [-1, 'north']);
  let frontier: Point[] = [from];
  while (frontier.length > 0) {
    const next: Point[] = [];
    for (const p of frontier) {
      for (const dir of DIRECTIONS) {
        const x = p.x + STEP[dir][0];
        const y = p.y + STEP[dir][1];
        if (!inside(x, y) || cameFrom.has(key(x, y))) continue;
        cameFrom.set(key(x, y), [key(p.x, p.y), dir]);
        if (isGoal(x, y)) {
          const route: Direction[] = [];
          for (let k = key(x, y); k !== key(from.x, from.y); ) {
            const [prev, d] = cameFrom.get(k)!;
            route.unshift(d);
            k = prev;
          }
          return { at: { x, y }, route };
        }
        const char = tileChar(map, x, y);
        if (char === 'A' || isUndoneLandmark(map, x, y)) continue;
        next.push({ x, y });
      }
    }
    frontier = next;
  }
  return null;
}

/** The shortest walk from `from` to `to` round every other landmark and the village; null when there is none. */
export function routeTo(map: WorldMap, from: Point, to: Point): Direction[] | null {
  if (from.x === to.x && from.y === to.y) return [];
  return search(map, from, (x, y) => x === to.x && y === to.y)?.route ?? null;
}

/**
 * The landmark nearest `from` by steps (not as the crow flies) that is not done yet, with its route;
 * `skip` leaves some kinds out (outposts are never a goal: they are never done).
 */
export function nearestLandmark(map: WorldMap, from: Point = VILLAGE, skip: readonly LandmarkKind[] = []): Goal | null {
  const found = search(map, from, (x, y) => {
    const kind = tileKind(tileChar(map, x, y));
    return isLandmarkKind(kind) && kind !== 'outpost' && !skip.includes(kind) && !isDone(map, x, y);
  });
  if (!found) return null;
  return { ...found.at, kind: tileKind(tileChar(map, found.at.x, found.at.y)) as LandmarkKind, route: found.route };
}

/** Whether the landmark at `at` is resolved on `map`: marked done, or cleared into an outpost. */
export function isResolved(map: WorldMap, at: Point): boolean {
  return isDone(map, at.x, at.y) || tileChar(map, at.x, at.y) === 'P';
}

// ————————————————————————————————————————————— packing

/**
 * On the path screen, packs `loadout` with the ±10 / ±1 buttons (emptying anything proposed that is
 * not in it), then embarks; all through `apply` at the state's clock.
 */
export function packAndEmbark(state: GameState, loadout: Record<string, number>, ledger: Ledger = newLedger()): GameState {
  const now = state.clock;
  if (state.location !== 'path') state = run(state, { type: 'travel', to: 'path' }, now, ledger);
  for (const [item, count] of Object.entries(state.outfit)) {
    if (loadout[item] !== undefined) continue;
    for (let left = count; left > 0; left -= left >= 10 ? 10 : 1) {
      state = run(state, { type: 'outfit', item, delta: left >= 10 ? -10 : -1 }, now, ledger);
    }
  }
  for (const [item, wanted] of Object.entries(loadout)) {
    for (let guard = 0; (state.outfit[item] ?? 0) !== wanted; guard++) {
      if (guard > 1000) throw new Error(`cannot pack ${wanted} ${item}`);
      const diff = wanted - (state.outfit[item] ?? 0);
      const delta = diff >= 10 ? 10 : diff > 0 ? 1 : diff <= -10 ? -10 : -1;
      state = run(state, { type: 'outfit', item, delta }, now, ledger);
    }
  }
  return run(state, { type: 'embark' }, now, ledger);
}

// ————————————————————————————————————————————— fighting

/** The support action worth using now, if any: medicine for a big wound, meat for a smaller one. */
function healing(state: GameState, now: number, low: boolean): SupportAction | null {
  const view = fightView(state, now)!;
  const missing = view.playerMaxHp - view.playerHp;
  const usable = (id: SupportAction) => view.support.some((s) => s.id === id && !s.disabled && s.readyAt <= now);
  if (!low) return null;
  if (missing >= 20 && usable('meds')) return 'meds';
  if (missing >= 8 && usable('eat')) return 'eat';
  if (usable('meds')) return 'meds';
  return null;
}

/**
 * Fights the open scene's enemy to the end: the hardest-hitting ready weapon whenever one is ready,
 * medicine or meat when health runs low (below twice the enemy's blow, or half), and otherwise time
 * advanced to the next moment anything changes (a weapon ready, the enemy's next move). Stops at the
 * win or at death. Afterwards heals with what is carried if still low (no cooldown then).
 */
export function fightToTheEnd(state: GameState, ledger: Ledger): GameState {
  const enemy = openScene(state)!.combat!;
  const record: FightRecord = { event: state.event!.id, enemy: enemy.id, won: false, attacks: 0, from: state.clock, to: state.clock };
  ledger.fights.push(record);
  for (let guard = 0; fighting(state) && state.expedition; guard++) {
    if (guard > 10_000) throw new Error(`the fight against ${enemy.id} does not end`);
    const now = state.clock;
    const view = fightView(state, now)!;
    const low = view.playerHp <= Math.max(enemy.damage * 2, view.playerMaxHp / 2);
    const heal = healing(state, now, low);
    if (heal) {
      state = run(state, { type: 'fight_support', action: heal }, now, ledger);
      if (heal === 'eat') ledger.eaten += 1;
      else ledger.meds += 1;
      continue;
    }
    const ready = view.weapons.filter((w) => !w.disabled && w.readyAt <= now);
    const damage = (id: string) => {
      const d = weaponById(id)?.damage;
      return typeof d === 'number' ? d : 0.5;
    };
    const best = ready.sort((a, b) => damage(b.id) - damage(a.id))[0];
    if (best) {
      state = run(state, { type: 'attack', weapon: best.id }, now, ledger);
      record.attacks += 1;
      continue;
    }
    const wakes = [nextDueAt(state) ?? Infinity, ...view.weapons.filter((w) => !w.disabled && w.readyAt > now).map((w) => w.readyAt)];
    if (low) wakes.push(...view.support.filter((s) => !s.disabled && s.readyAt > now).map((s) => s.readyAt));
    const wake = Math.min(...wakes);
    if (!Number.isFinite(wake)) throw new Error(`nothing will ever happen in the fight against ${enemy.id}`);
    state = wait(state, wake, ledger);
  }
  record.won = !!state.fight?.won;
  record.to = state.clock;
  // Won: patch up with what is carried, once the danger is past (no cooldowns after a fight).
  while (state.fight?.won && state.expedition) {
    const view = fightView(state, state.clock)!;
    if (view.playerHp > view.playerMaxHp / 2) break;
    const heal = healing(state, state.clock, true);
    if (!heal) break;
    state = run(state, { type: 'fight_support', action: heal }, state.clock, ledger);
    if (heal === 'eat') ledger.eaten += 1;
    else ledger.meds += 1;
  }
  return state;
}

// ————————————————————————————————————————————— events

/** A choice or a pick-up at the state's clock, counting any water a scene gave back. */
function runCounted(state: GameState, command: Command, ledger: Ledger): GameState {
  const water = state.expedition?.water ?? 0;
  state = run(state, command, state.clock, ledger);
  if (state.expedition && state.expedition.water > water) ledger.refilled += state.expedition.water - water;
  return state;
}

/**
 * Plays the open event to its close: fights fought, loot taken (all that fits), and the scene's
 * way onward chosen when it can be (going deeper: any button that does not close the event), the
 * way out otherwise. A locked button is waited for. Returns when the event is closed or the player
 * is dead.
 */
export function settleEvent(state: GameState, ledger: Ledger): GameState {
  for (let guard = 0; state.event && state.expedition; guard++) {
    if (guard > 1000) throw new Error(`the event ${state.event.id} does not close (scene ${state.event.scene})`);
    const open = state.event;
    const label = `${open.id}:${open.scene}`;
    if (ledger.scenes.at(-1) !== label) ledger.scenes.push(label);
    if (fighting(state)) {
      state = fightToTheEnd(state, ledger);
      continue;
    }
    const loot = open.loot ?? {};
    if (Object.values(loot).some((n) => n > 0) && check(state, { type: 'take_everything' }) === null) {
      const bag = { ...state.expedition.bag };
      state = runCounted(state, { type: 'take_everything' }, ledger);
      const after = state.expedition ? state.expedition.bag : {};
      // Taking everything may also take the single way out, which can pay nothing: what was picked up.
      for (const [item, n] of Object.entries(bagDiff(bag, after))) if (n > 0) add(ledger.taken, item, n);
      continue;
    }
    const buttons = currentButtons(state);
    if (buttons.length === 0) throw new Error(`scene ${label} shows no buttons and no fight: the event cannot be left`);
    const usable = (id: string) => {
      const error = check(state, { type: 'event_choose', button: id });
      return error === null || error.code === 'action/cooling_down';
    };
    const onward = buttons.filter(([, b]) => (b.next !== undefined && b.next !== 'end') || b.nextEvent);
    const out = buttons.filter(([, b]) => b.next === 'end');
    const chosen = onward.find(([id]) => usable(id)) ?? out.find(([id]) => usable(id));
    if (!chosen) {
      const why = buttons.map(([id]) => `${id}: ${check(state, { type: 'event_choose', button: id })?.code}`).join(', ');
      throw new Error(`no button of ${label} can be chosen (${why})`);
    }
    const [button] = chosen;
    if (check(state, { type: 'event_choose', button })?.code === 'action/cooling_down') {
      state = wait(state, state.event!.readyAt ?? state.clock, ledger);
      continue;
    }
    const bag = { ...state.expedition.bag };
    state = runCounted(state, { type: 'event_choose', button }, ledger);
    if (state.expedition) {
      for (const [item, n] of Object.entries(bagDiff(bag, state.expedition.bag))) if (n < 0) add(ledger.paid, item, -n);
    }
  }
  return state;
}

// ————————————————————————————————————————————— walking

/**
 * One step through `apply`, a pace after the last; checks the food and water it used against the
 * rules (spec 05 §8: a ration every 2 eligible steps, 4 with slow metabolism, healing 8, 16 for the
 * gastronome, the last one too; a drink every step, every 2 as a desert rat), then settles whatever
 * opened unless it is the goal's own event, which is left open for the caller.
 */
export function step(state: GameState, dir: Direction, ledger: Ledger, goal?: Point): GameState {
  const trip = state.expedition!;
  const { perks } = state.character;
  const before = { meat: trip.bag['cured meat'] ?? 0, water: trip.water, hp: trip.hp, foodSteps: trip.foodSteps, waterSteps: trip.waterSteps };
  const [dx, dy] = STEP[dir];
  const to = { x: trip.x + dx, y: trip.y + dy };
  const eligible = tileChar(trip.map, to.x, to.y) !== 'A' && !isUndoneLandmark(trip.map, to.x, to.y);
  const maxHp = maxHealth(state);
  state = run(state, { type: 'move', dir }, state.clock + PACE_MS, ledger);
  ledger.steps += 1;
  const now = state.expedition;
  if (eligible) {
    ledger.eligibleSteps += 1;
    const fail = (what: string) => ledger.supplyFailures.push({ step: ledger.steps, what });
    const eats = before.foodSteps + 1 >= (perks['slow metabolism'] ? MOVES_PER_FOOD_SLOW : MOVES_PER_FOOD);
    const drinks = before.waterSteps + 1 >= (perks['desert rat'] ? MOVES_PER_WATER_DESERT_RAT : MOVES_PER_WATER);
    if (eats && before.meat > 0) ledger.rations += 1;
    if (drinks && before.water > 0) ledger.drinks += 1;
    if (now) {
      const meat = now.bag['cured meat'] ?? 0;
      const wantMeat = eats ? Math.max(0, before.meat - 1) : before.meat;
      if (meat !== wantMeat) fail(`meat ${before.meat} → ${meat}, expected ${wantMeat}`);
      if (now.foodSteps !== (eats ? 0 : before.foodSteps + 1)) fail(`food counter ${before.foodSteps} → ${now.foodSteps}`);
      const wantWater = drinks ? Math.max(0, before.water - 1) : before.water;
      if (now.water !== wantWater) fail(`water ${before.water} → ${now.water}, expected ${wantWater}`);
      // Health before any fight that step opened has struck (the enemy's first blow is a second away).
      const heal = perks.gastronome ? MEAT_HEAL * 2 : MEAT_HEAL;
      const healed = eats && before.meat > 0 ? Math.min(maxHp, before.hp + heal) : before.hp;
      if (now.hp !== healed) fail(`health ${before.hp} → ${now.hp}, expected ${healed}`);
      if (eats && before.meat === 1) ledger.lastRations.push({ step: ledger.steps, hpBefore: before.hp, hpAfter: now.hp, maxHp });
    }
  } else if (now && now.water > before.water) {
    ledger.refilled += now.water - before.water;
  }
  if (!state.event || !state.expedition) return state;
  if (goal && to.x === goal.x && to.y === goal.y) return state;
  return settleEvent(state, ledger);
}

/**
 * Walks to `to` a step at a time (re-routing from where it stands after every step, so roads and
 * cleared tiles are taken into account), settling every encounter on the way. Stops on arrival (the
 * goal's event left open), on coming home, or at death.
 */
export function walkTo(state: GameState, to: Point, ledger: Ledger): GameState {
  for (let guard = 0; state.expedition; guard++) {
    if (guard > 500) throw new Error(`lost on the way to (${to.x}, ${to.y})`);
    const { x, y, map } = state.expedition;
    if (x === to.x && y === to.y) return state;
    const route = routeTo(map, { x, y }, to);
    if (!route) throw new Error(`no way from (${x}, ${y}) to (${to.x}, ${to.y})`);
    state = step(state, route[0], ledger, to);
  }
  return state;
}

// ————————————————————————————————————————————— the whole trip

export interface ExpeditionRun {
  goal: Goal;
  /** On the path screen, packed, the moment before embarking. */
  packed: GameState;
  /** Just out of the village. */
  embarked: GameState;
  /** Standing on the landmark with its event closed, still out. */
  resolved: GameState;
  /** The last state out on the map (the step home not yet taken). */
  lastOut: GameState;
  /** Back home (or dead). */
  home: GameState;
  ledger: Ledger;
}

/**
 * The whole expedition: pack `loadout`, embark, walk to the nearest landmark not yet done, play its
 * event out, walk home. Throws if the walker dies before getting home (see `run.home.expedition`).
 */
export function expedition(start: GameState, loadout: Record<string, number>, skip: readonly LandmarkKind[] = []): ExpeditionRun {
  const ledger = newLedger();
  const packed = start;
  const goal = nearestLandmark(start.world!, VILLAGE, skip);
  if (!goal) throw new Error('no landmark left to visit');
  let state = packAndEmbark(start, loadout, ledger);
  const embarked = state;
  state = walkTo(state, goal, ledger);
  if (!state.expedition) throw new Error(`died on the way to the ${goal.kind} after ${ledger.steps} steps`);
  if (!state.event?.id.startsWith(goal.kind)) throw new Error(`the ${goal.kind} opened ${state.event?.id ?? 'nothing'}`);
  state = settleEvent(state, ledger);
  if (!state.expedition) throw new Error(`died in the ${goal.kind} (${ledger.scenes.join(' → ')})`);
  const resolved = state;
  let lastOut = state;
  for (let guard = 0; state.expedition; guard++) {
    if (guard > 500) throw new Error('lost on the way home');
    lastOut = state;
    const { x, y, map } = state.expedition;
    const route = routeTo(map, { x, y }, VILLAGE);
    if (!route) throw new Error(`no way home from (${x}, ${y})`);
    state = step(state, route[0], ledger);
  }
  if (state.location !== 'path') throw new Error(`died on the way home from the ${goal.kind} after ${ledger.steps} steps`);
  return { goal, packed, embarked, resolved, lastOut, home: state, ledger };
}

/**
 * Walks away from home, a step at a time, always to the neighbour furthest from the village that is
 * not a landmark (ties in the order north, south, east, west), settling encounters, until the walker
 * dies or `limit` steps pass. Returns the end and the last state still out there.
 */
export function wander(state: GameState, ledger: Ledger, limit = 200): { state: GameState; lastOut: GameState } {
  let lastOut = state;
  for (let n = 0; n < limit && state.expedition; n++) {
    lastOut = state;
    const { x, y, map } = state.expedition;
    const far = (p: Point) => Math.abs(p.x - VILLAGE.x) + Math.abs(p.y - VILLAGE.y);
    const options = DIRECTIONS.map((dir) => ({ dir, x: x + STEP[dir][0], y: y + STEP[dir][1] })).filter(
      (p) => inside(p.x, p.y) && tileChar(map, p.x, p.y) !== 'A' && !isUndoneLandmark(map, p.x, p.y),
    );
    if (options.length === 0) throw new Error(`boxed in at (${x}, ${y})`);
    const best = options.reduce((a, b) => (far(b) > far(a) ? b : a));
    state = step(state, best.dir, ledger);
  }
  return { state, lastOut };
}

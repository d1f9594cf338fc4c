import { DIRECTIONS, type Direction } from '../core/commands.ts';
import { milestone, notice, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import { nextFloat } from '../core/rng.ts';
import type { Expedition, GameState } from '../core/state.ts';
import type { MilestoneId } from '../content/milestones.ts';
import { ENCOUNTERS } from '../content/encounters.ts';
import { WORLD_EVENTS, eventById } from '../content/events/index.ts';
import { executionerEntry } from '../content/setpieces/executioner.ts';
import { openEvent } from '../events/engine.ts';
import { armourTier, maxHealth } from '../path/capacity.ts';
import { reveal } from './effects.ts';
import { die, goHome } from './home.ts';
import {
  WORLD_SIZE,
  distance,
  isDone,
  isLandmarkKind,
  lightRadius,
  posKey,
  tileChar,
  tileKind,
  type LandmarkKind,
  type Terrain,
} from './selectors.ts';

const STEP: Readonly<Record<Direction, readonly [number, number]>> = {
  north: [0, -1],
  south: [0, 1],
  east: [1, 0],
  west: [-1, 0],
};

/** Supplies and fights (spec 05 §4, §8). */
export const MOVES_PER_FOOD = 2;
export const MOVES_PER_FOOD_SLOW = 4;
export const MOVES_PER_WATER = 1;
export const MOVES_PER_WATER_DESERT_RAT = 2;
export const MEAT_HEAL = 8;
export const FIGHT_CHANCE = 0.2;
/** Eligible moves that must pass after a fight before the next one can come (the counter must exceed it). */
export const FIGHT_DELAY = 3;
/** Distances past which the unarmoured (iron) and the lightly armoured (steel) are warned. */
export const DANGER_IRON = 8;
export const DANGER_STEEL = 18;

/** One step on the map: reveal, then the tile's landmark, or supplies and a chance of a fight. */
export function checkMove(state: GameState, dir: Direction): EngineError | null {
  if (!(DIRECTIONS as readonly string[]).includes(dir)) return engineError('command/unknown', 'error.command.unknown');
  const trip = state.expedition;
  if (state.location !== 'world' || !trip) return engineError('action/unavailable', 'error.action.unavailable');
  const [dx, dy] = STEP[dir];
  const x = trip.x + dx;
  const y = trip.y + dy;
  if (x < 0 || y < 0 || x >= WORLD_SIZE || y >= WORLD_SIZE) return engineError('world/edge', 'error.world.edge');
  return null;
}

const TERRAIN_NOTICES: Readonly<Record<Terrain, string>> = {
  forest: 'notice.world.terrain.forest',
  field: 'notice.world.terrain.field',
  barrens: 'notice.world.terrain.barrens',
};

const isTerrain = (kind: string): kind is Terrain => kind === 'forest' || kind === 'field' || kind === 'barrens';

export function move(ctx: Ctx, dir: Direction): void {
  const { state } = ctx;
  const trip = state.expedition!;
  const from = tileChar(trip.map, trip.x, trip.y);
  trip.x += STEP[dir][0];
  trip.y += STEP[dir][1];
  const char = tileChar(trip.map, trip.x, trip.y);
  const kind = tileKind(char);
  if (char !== from && isTerrain(kind)) notice(ctx, TERRAIN_NOTICES[kind]);
  reveal(trip.map, trip.x, trip.y, lightRadius(state));
  if (kind === 'village') {
    goHome(ctx);
    return;
  }
  if (isLandmarkKind(kind) && !isDone(trip.map, trip.x, trip.y)) {
    visitLandmark(ctx, trip, kind);
  } else {
    if (!eatAndDrink(ctx, trip)) return;
    maybeFight(ctx, trip);
  }
  warnOfDanger(ctx, trip);
}

/** Setpiece events by landmark; the battleship opens its way in, or its antechamber once entered (spec events/08 §1). */
function visitLandmark(ctx: Ctx, trip: Expedition, kind: LandmarkKind): void {
  if (kind === 'outpost' && trip.usedOutposts.includes(posKey(trip.x, trip.y))) return;
  milestone(ctx, `landmark_${kind}` satisfies MilestoneId);
  const id = kind === 'executioner' ? executionerEntry(ctx.state) : kind;
  if (eventById(id)) openEvent(ctx, id);
}

/**
 * Food every 2 steps (4 with slow metabolism), water every step (2 as a desert rat). The last
 * ration and the last water are warned of; one step with nothing is a warning, the next is death.
 * False when the player died.
 */
function eatAndDrink(ctx: Ctx, trip: Expedition): boolean {
  const { state } = ctx;
  const { perks } = state.character;
  trip.foodSteps += 1;
  if (trip.foodSteps >= (perks['slow metabolism'] ? MOVES_PER_FOOD_SLOW : MOVES_PER_FOOD)) {
    trip.foodSteps = 0;
    const meat = (trip.bag['cured meat'] ?? 0) - 1;
    if (meat < 0) {
      if (trip.starving) {
        die(ctx, 'starvation');
        return false;
      }
      trip.starving = true;
      notice(ctx, 'notice.world.starving');
    } else {
      // The last ration is warned of, and heals like any other (the decision table; the original's healed nothing).
      if (meat === 0) notice(ctx, 'notice.world.meat_out');
      trip.starving = false;
      trip.hp = Math.min(maxHealth(state), trip.hp + (perks.gastronome ? MEAT_HEAL * 2 : MEAT_HEAL));
    }
    if (meat > 0) trip.bag['cured meat'] = meat;
    else delete trip.bag['cured meat'];
  }
  trip.waterSteps += 1;
  if (trip.waterSteps >= (perks['desert rat'] ? MOVES_PER_WATER_DESERT_RAT : MOVES_PER_WATER)) {
    trip.waterSteps = 0;
    const water = trip.water - 1;
    if (water === 0) {
      notice(ctx, 'notice.world.water_out');
    } else if (water < 0) {
      if (trip.thirsty) {
        die(ctx, 'thirst');
        return false;
      }
      trip.thirsty = true;
      notice(ctx, 'notice.world.thirsty');
    } else {
      trip.thirsty = false;
    }
    trip.water = Math.max(0, water);
  }
  return true;
}

/** The fights that could find the player here now: encounters whose rule matches tile and distance. */
export function encounterCandidates(state: GameState): string[] {
  const ids = new Set(ENCOUNTERS.map((e) => e.id));
  return WORLD_EVENTS.filter((event) => ids.has(event.id) && event.available(state)).map((event) => event.id);
}

function maybeFight(ctx: Ctx, trip: Expedition): void {
  const { state } = ctx;
  trip.fightSteps += 1;
  const chance = state.character.perks.stealthy ? FIGHT_CHANCE / 2 : FIGHT_CHANCE;
  if (trip.fightSteps <= FIGHT_DELAY || nextFloat(state.rng) >= chance) return;
  trip.fightSteps = 0;
  const candidates = encounterCandidates(state);
  if (candidates.length === 0) return;
  openEvent(ctx, candidates[Math.floor(nextFloat(state.rng) * candidates.length)]);
}

/**
 * A warning on first going past where the armour worn protects (8 without iron, 18 without
 * steel), and word when back within it. Cosmetic. (The original could not give the all-clear
 * between 8 and 18; here it comes whenever the danger passes.)
 */
function warnOfDanger(ctx: Ctx, trip: Expedition): void {
  if (!ctx.state.expedition) return;
  const d = distance(trip.x, trip.y);
  const tier = armourTier(ctx.state);
  const steel = tier === 'steel' || tier === 'kinetic';
  const iron = steel || tier === 'iron';
  const level: Expedition['danger'] = d >= DANGER_STEEL && !steel ? 2 : d >= DANGER_IRON && !iron ? 1 : 0;
  if (level > trip.danger) notice(ctx, 'notice.world.danger');
  else if (level === 0 && trip.danger > 0) notice(ctx, 'notice.world.safer');
  trip.danger = level;
}

/** Helpers for the combat tests: someone out in the world, a fight opened on them, commands at a time. */
import { advance, type Step } from '../advance.ts';
import { apply, type ApplyResult } from '../apply.ts';
import type { Command } from '../core/commands.ts';
import type { Ctx } from '../core/context.ts';
import { createRng } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import type { EnemyDef } from '../combat/types.ts';
import { startFight } from '../combat/fight.ts';
import { openEvent } from '../events/engine.ts';
import { eventById } from '../content/events/index.ts';
import type { EventScene } from '../events/types.ts';
import { flatMap } from './world.ts';
import { quiet } from './events.ts';
import { mustApply } from './play.ts';

const FAR = 1e12;

/**
 * Out in the world at (x, y) of a flat map of `terrain`, carrying `bag`, with `hp` of health, with
 * `stores` at home, and nothing else ever due (no income, no room timers, no random events): only
 * the fight's own timers run, so every rng draw in a test is the fight's.
 */
export function outThere(
  opts: { bag?: Record<string, number>; hp?: number; stores?: Record<string, number>; at?: [number, number]; terrain?: string; seed?: number; clock?: number } = {},
): GameState {
  const state = quiet(opts.stores ?? {}, 'world', opts.seed ?? 1);
  state.clock = opts.clock ?? 10_000;
  state.timers = { ...state.timers, fireCool: null, builder: null, forest: null, population: null, temperature: FAR, event: FAR };
  state.income = {};
  state.features = { outside: true, path: true, fabricator: false, ship: false };
  const map = flatMap(opts.terrain ?? ',');
  state.world = structuredClone(map);
  const [x, y] = opts.at ?? [31, 30];
  state.expedition = {
    map,
    x,
    y,
    hp: opts.hp ?? 10,
    water: 10,
    bag: { ...(opts.bag ?? {}) },
    foodSteps: 0,
    waterSteps: 0,
    starving: false,
    thirsty: false,
    usedOutposts: [],
    fightSteps: 0,
    flags: {},
    danger: 0,
  };
  return state;
}

/** `state` with event `id` opened (a fight starts if its start scene is one), at the state's clock. */
export function encounter(state: GameState, id: string): Step {
  const ctx: Ctx = { state: structuredClone(state), now: state.clock, events: [] };
  openEvent(ctx, id);
  return { state: ctx.state, events: ctx.events };
}

/** A fight against `enemy` with an open event of `id` around it (the enemy is read from its scene, so `id` must hold it). */
export function fightAgainst(state: GameState, id: string, enemy: EnemyDef): GameState {
  const ctx: Ctx = { state: structuredClone(state), now: state.clock, events: [] };
  ctx.state.event = { id, scene: 'start' };
  startFight(ctx, enemy);
  return ctx.state;
}

/** `state` with a fresh rng of `seed`. */
export function reseed(state: GameState, seed: number): GameState {
  return { ...structuredClone(state), rng: createRng(seed) };
}

/** `command` at `now`; must be accepted. */
export function act(state: GameState, command: Command, now: number = state.clock): Step {
  return mustApply(state, command, now);
}

/** `command` at `now`, accepted or not. */
export function tryAct(state: GameState, command: Command, now: number = state.clock): ApplyResult {
  return apply(state, command, now);
}

/** Advances to `now`. */
export function until(state: GameState, now: number): Step {
  return advance(state, now);
}

export const ATTACK = (weapon: string): Command => ({ type: 'attack', weapon });
export const SUPPORT = (action: 'eat' | 'meds' | 'hypo' | 'boost' | 'shield'): Command => ({ type: 'fight_support', action });

/**
 * Puts `scene` in place of scene `sceneId` of event `id` (real content, so the engine finds it by id)
 * until the returned function is called: for enemies and buttons no shipped content has yet.
 */
export function borrowScene(id: string, sceneId: string, scene: EventScene): () => void {
  const scenes = eventById(id)!.scenes as Record<string, EventScene>;
  const had = Object.hasOwn(scenes, sceneId);
  const before = scenes[sceneId];
  scenes[sceneId] = scene;
  return () => {
    if (had) scenes[sceneId] = before;
    else delete scenes[sceneId];
  };
}

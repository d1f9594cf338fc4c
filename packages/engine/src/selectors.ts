/**
 * Pure views of the state that the server's rules and the web client share: what can be done now,
 * what it costs, and when it is ready again. The client renders buttons from these, never from
 * rules of its own.
 */
import { check, cooldownReadyAt } from './apply.ts';
import type { Command } from './core/commands.ts';
import type { Cost } from './core/context.ts';
import type { EngineError } from './core/errors.ts';
import { incomeRates } from './core/income.ts';
import type { GameState } from './core/state.ts';
import { ACTIONS, COOLDOWNS, type ActionId } from './content/actions.ts';
import { BUILDINGS, BUILDING_IDS, type BuildingId } from './content/buildings.ts';
import { BUILDER_LEVELS, FIRE_LEVELS, TEMPERATURE_LEVELS } from './content/timings.ts';
import { buildCost, builtCount, isBuildVisible } from './build/build.ts';
import { lightCost, stokeCost } from './room/fire.ts';
import { baitedTraps, trapCount } from './outside/traps.ts';
import { capacity } from './outside/village.ts';
import { isCraftVisible } from './build/craft.ts';
import { offeredGoods } from './build/trade.ts';
import { currentButtons } from './events/engine.ts';
import { fighting as fightOn } from './events/scene.ts';
import { incomeOf } from './core/income.ts';
import { stock } from './core/context.ts';
import { CRAFTS } from './content/crafts.ts';
import { JOBS } from './content/jobs.ts';
import { gatherers } from './content/income.ts';
import { storeGroup, type StoreGroup } from './content/items.ts';

/** The home tabs; out in the world the map replaces them. */
export type Tab = 'room' | 'outside' | 'path' | 'fabricator' | 'ship';

export interface ActionView {
  command: Command;
  cost: Cost;
  /** Clock time the cooldown ends (0 when none), and the cooldown's full length for a progress bar. */
  readyAt: number;
  cooldown: number;
  /** Why it cannot run now, or null. */
  blocked: EngineError | null;
}

export interface BuildView extends ActionView {
  building: BuildingId;
  count: number;
  max: number;
}

export function tabs(state: GameState): Tab[] {
  const out: Tab[] = ['room'];
  if (state.features.outside) out.push('outside');
  if (state.features.path) out.push('path');
  if (state.features.fabricator) out.push('fabricator');
  if (state.features.ship) out.push('ship');
  return out;
}

export const fireName = (state: GameState) => FIRE_LEVELS[state.room.fire];
export const temperatureName = (state: GameState) => TEMPERATURE_LEVELS[state.room.temperature];
export const builderName = (state: GameState) =>
  state.room.builder < 0 ? null : BUILDER_LEVELS[state.room.builder as 0 | 1 | 2 | 3 | 4];

/** The room is dark until the fire flickers. */
export function roomTitleKey(state: GameState): string {
  return state.room.fire >= 2 ? 'room.title.firelit' : 'room.title.dark';
}

function actionView(state: GameState, command: Command, cost: Cost, now: number): ActionView {
  const action = ACTIONS[command.type as ActionId];
  return {
    command,
    cost,
    readyAt: cooldownReadyAt(state, command),
    cooldown: action ? COOLDOWNS[action.cooldown] : 0,
    blocked: check(state, command, now),
  };
}

/** Only one of light and stoke is ever offered. */
export function fireAction(state: GameState, now: number = state.clock): ActionView {
  return state.room.fire === 0
    ? actionView(state, { type: 'light_fire' }, costOf('wood', lightCost(state)), now)
    : actionView(state, { type: 'stoke_fire' }, costOf('wood', stokeCost(state)), now);
}

export function outsideActions(state: GameState, now: number = state.clock): ActionView[] {
  if (!state.features.outside) return [];
  const views = [actionView(state, { type: 'gather_wood' }, {}, now)];
  if (trapCount(state) > 0) views.push(actionView(state, { type: 'check_traps' }, {}, now));
  return views;
}

export function buildActions(state: GameState, now: number = state.clock): BuildView[] {
  return BUILDING_IDS.filter((id) => isBuildVisible(state, id)).map((building) => ({
    ...actionView(state, { type: 'build', building }, buildCost(state, building), now),
    building,
    count: builtCount(state, building),
    max: BUILDINGS[building].max,
  }));
}

export interface StoreRow {
  resource: string;
  amount: number;
  /** Net change per 10 s from all income sources; 0 when none. */
  perCycle: number;
  group: Exclude<StoreGroup, 'hidden'>;
}

/** Stores as the panel lists them: whole units, with their income per cycle; upgrades and blueprints are not listed. */
export function storeRows(state: GameState): StoreRow[] {
  const rates = incomeRates(state);
  return Object.entries(state.stores).flatMap(([resource, amount]) => {
    const group = storeGroup(resource);
    if (group === 'hidden') return [];
    return [{ resource, amount: Math.floor(amount), perCycle: rates[resource] ?? 0, group }];
  });
}

/** The upgrades owned (water, bags, armour), for the stores panel's "gear" line. */
export function ownedUpgrades(state: GameState): string[] {
  return CRAFTS.filter((c) => c.type === 'upgrade' && stock(state, c.id) > 0).map((c) => c.id);
}

export interface ItemView extends ActionView {
  item: string;
  owned: number;
  max: number | null;
}

export function craftActions(state: GameState, now: number = state.clock): ItemView[] {
  return CRAFTS.filter((craft) => isCraftVisible(state, craft)).map((craft) => ({
    ...actionView(state, { type: 'craft', item: craft.id }, craft.cost, now),
    item: craft.id,
    owned: Math.floor(stock(state, craft.id)),
    max: craft.max ?? null,
  }));
}

export function buyActions(state: GameState, now: number = state.clock): ItemView[] {
  return offeredGoods(state).map((good) => ({
    ...actionView(state, { type: 'buy', item: good.id }, good.price, now),
    item: good.id,
    owned: Math.floor(stock(state, good.id)),
    max: good.max ?? null,
  }));
}

export interface JobView {
  job: string;
  workers: number;
  /** What this job's workers together make and use per 10 s. */
  perCycle: Record<string, number>;
  add: { one: EngineError | null; ten: EngineError | null };
  remove: { one: EngineError | null; ten: EngineError | null };
}

export interface VillageView {
  huts: number;
  population: number;
  capacity: number;
  gatherers: number;
  /** What the gatherers together bring in per 10 s. */
  gathererPerCycle: Record<string, number>;
  jobs: JobView[];
}

export function villageView(state: GameState, now: number = state.clock): VillageView {
  const jobs = JOBS.filter((job) => job.id in state.outside.workers).map((job) => ({
    job: job.id,
    workers: state.outside.workers[job.id],
    perCycle: incomeOf(state, job.id),
    add: {
      one: check(state, { type: 'assign', job: job.id, delta: 1 }, now),
      ten: check(state, { type: 'assign', job: job.id, delta: 10 }, now),
    },
    remove: {
      one: check(state, { type: 'assign', job: job.id, delta: -1 }, now),
      ten: check(state, { type: 'assign', job: job.id, delta: -10 }, now),
    },
  }));
  return {
    huts: state.outside.buildings.hut ?? 0,
    population: state.outside.population,
    capacity: capacity(state),
    gatherers: gatherers(state),
    gathererPerCycle: incomeOf(state, 'gatherer'),
    jobs,
  };
}

/** The village's name grows with its huts. */
export function outsideTitleKey(state: GameState): string {
  const huts = state.outside.buildings.hut ?? 0;
  if (huts === 0) return 'outside.title.silent_forest';
  if (huts === 1) return 'outside.title.lonely_hut';
  if (huts <= 4) return 'outside.title.tiny_village';
  if (huts <= 8) return 'outside.title.modest_village';
  if (huts <= 14) return 'outside.title.large_village';
  return 'outside.title.raucous_village';
}

export interface EventButtonView {
  id: string;
  /** i18n key of the label: `event.<id>.<scene>.<button>`. */
  labelKey: string;
  cost: Cost;
  blocked: EngineError | null;
}

export interface EventView {
  id: string;
  scene: string;
  titleKey: string;
  textKey: string;
  params: Record<string, number>;
  /** A fight is on and not yet won: the scene's buttons and loot wait until it is. */
  fighting: boolean;
  /** Loot on the ground, not yet taken (empty during a fight). */
  loot: Record<string, number>;
  /** The scene's buttons are locked until this clock time (0 when not), and that pause's full length. */
  readyAt: number;
  cooldown: number;
  /** Empty while a fight is on. */
  buttons: EventButtonView[];
}

/** Length of the pause before a scene's buttons unlock, for a progress bar (the spec's one second). */
const SCENE_PAUSE = 1000;

/** The open event as the dialog draws it, or null. */
export function eventView(state: GameState, now: number = state.clock): EventView | null {
  const open = state.event;
  if (!open) return null;
  const fighting = fightOn(state);
  const buttons = fighting ? [] : currentButtons(state);
  const readyAt = open.readyAt ?? 0;
  return {
    id: open.id,
    scene: open.scene,
    titleKey: `event.${open.id}.title`,
    textKey: `event.${open.id}.${open.scene}.text`,
    params: open.params ?? {},
    fighting,
    loot: fighting ? {} : Object.fromEntries(Object.entries(open.loot ?? {}).filter(([, n]) => n > 0)),
    readyAt,
    cooldown: readyAt > 0 ? Math.max(SCENE_PAUSE, ...buttons.map(([, b]) => b.cooldown ?? 0)) : 0,
    buttons: buttons.map(([id, button]) => ({
      id,
      labelKey: `event.${open.id}.${open.scene}.${id}`,
      cost: button.cost ?? {},
      blocked: check(state, { type: 'event_choose', button: id }, now),
    })),
  };
}

export function trapSummary(state: GameState): { baited: number; unbaited: number } {
  const baited = baitedTraps(state);
  return { baited, unbaited: Math.max(trapCount(state) - baited, 0) };
}

function costOf(resource: string, amount: number): Cost {
  return amount > 0 ? { [resource]: amount } : {};
}

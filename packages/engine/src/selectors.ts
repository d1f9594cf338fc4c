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

export type Tab = 'room' | 'outside';

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
  return state.features.outside ? ['room', 'outside'] : ['room'];
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
}

/** Stores as the panel lists them: whole units, with their income per cycle. */
export function storeRows(state: GameState): StoreRow[] {
  const rates = incomeRates(state);
  return Object.entries(state.stores).map(([resource, amount]) => ({
    resource,
    amount: Math.floor(amount),
    perCycle: rates[resource] ?? 0,
  }));
}

export function trapSummary(state: GameState): { baited: number; unbaited: number } {
  const baited = baitedTraps(state);
  return { baited, unbaited: Math.max(trapCount(state) - baited, 0) };
}

function costOf(resource: string, amount: number): Cost {
  return amount > 0 ? { [resource]: amount } : {};
}

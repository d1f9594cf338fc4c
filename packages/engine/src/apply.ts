import { advance, advanceDraft, type Step } from './advance.ts';
import type { Command } from './core/commands.ts';
import type { Ctx } from './core/context.ts';
import { engineError, type EngineError } from './core/errors.ts';
import type { GameState } from './core/state.ts';
import { ACTIONS, COOLDOWNS, type ActionId } from './content/actions.ts';
import { isBuildingId } from './content/buildings.ts';
import { build, checkBuild, revealBuilds } from './build/build.ts';
import { checkLight, checkStoke, lightFire, stokeFire } from './room/fire.ts';
import { checkGather, gatherWood } from './outside/gather.ts';
import { checkCheckTraps, checkTraps } from './outside/traps.ts';

export type ApplyResult = ({ ok: true } & Step) | { ok: false; error: EngineError };

interface Rule {
  check: (state: GameState, command: Command) => EngineError | null;
  run: (ctx: Ctx, command: Command) => void;
}

const RULES: Record<Command['type'], Rule> = {
  light_fire: { check: checkLight, run: lightFire },
  stoke_fire: { check: checkStoke, run: stokeFire },
  gather_wood: { check: checkGather, run: gatherWood },
  check_traps: { check: checkCheckTraps, run: checkTraps },
  build: {
    check: (state, c) =>
      c.type === 'build' && isBuildingId(c.building)
        ? checkBuild(state, c.building)
        : engineError('command/unknown', 'error.command.unknown'),
    run: (ctx, c) => c.type === 'build' && build(ctx, c.building),
  },
};

/** Own keys only: a command typed `constructor` or `toString` must not find Object's methods. */
function ruleFor(command: Command): Rule | null {
  const type = command?.type;
  return typeof type === 'string' && Object.hasOwn(RULES, type) ? RULES[type] : null;
}

function actionFor(command: Command) {
  return Object.hasOwn(ACTIONS, command.type) ? ACTIONS[command.type as ActionId] : null;
}

export function cooldownReadyAt(state: GameState, command: Command): number {
  const action = actionFor(command);
  return action ? (state.cooldowns[action.cooldown] ?? 0) : 0;
}

/**
 * Whether `command` could run at `now`; null when it can. A later `now` is judged on the state
 * advanced to it, as `apply` would, so a view drawn between server frames agrees with the server.
 */
export function check(state: GameState, command: Command, now: number = state.clock): EngineError | null {
  const rule = ruleFor(command);
  if (!rule) return engineError('command/unknown', 'error.command.unknown');
  if (now > state.clock) state = advance(state, now).state;
  if (cooldownReadyAt(state, command) > now) {
    return engineError('action/cooling_down', 'error.action.cooling_down', {
      seconds: Math.ceil((cooldownReadyAt(state, command) - now) / 1000),
    });
  }
  return rule.check(state, command);
}

/**
 * Advances to `now`, then runs `command`. A refused command changes nothing and says why; the
 * caller keeps its old state (and may advance it separately).
 */
export function apply(state: GameState, command: Command, now: number): ApplyResult {
  const ctx: Ctx = { state: structuredClone(state), now: state.clock, events: [] };
  advanceDraft(ctx, now);
  const error = check(ctx.state, command, ctx.now);
  if (error) return { ok: false, error };
  const action = actionFor(command);
  if (action) ctx.state.cooldowns[action.cooldown] = ctx.now + COOLDOWNS[action.cooldown];
  RULES[command.type].run(ctx, command);
  pruneCooldowns(ctx.state);
  revealBuilds(ctx);
  return { ok: true, state: ctx.state, events: ctx.events };
}

/** Finished cooldowns are forgotten so the save stays small. */
function pruneCooldowns(state: GameState): void {
  for (const [group, readyAt] of Object.entries(state.cooldowns)) {
    if (readyAt <= state.clock) delete state.cooldowns[group];
  }
}

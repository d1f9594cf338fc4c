import { cloneState } from './core/clone.ts';
import { advance, advanceDraft, nextDueAt, type Step } from './advance.ts';
import { ALLOWED_DURING_EVENT, type Command, type CommandType } from './core/commands.ts';
import type { Ctx } from './core/context.ts';
import { engineError, type EngineError } from './core/errors.ts';
import type { GameState } from './core/state.ts';
import { ACTIONS, COOLDOWNS, type ActionId } from './content/actions.ts';
import { isBuildingId } from './content/buildings.ts';
import { build, checkBuild } from './build/build.ts';
import { checkCraft, craft } from './build/craft.ts';
import { buy, checkBuy } from './build/trade.ts';
import { checkOption, checkTravel, setOption, travel } from './core/settings.ts';
import { checkChoice, choose } from './events/engine.ts';
import { assign, checkAssign } from './outside/village.ts';
import { afterChange } from './advance.ts';
import { checkLight, checkStoke, lightFire, stokeFire } from './room/fire.ts';
import { checkGather, gatherWood } from './outside/gather.ts';
import { checkCheckTraps, checkTraps } from './outside/traps.ts';
import { checkOutfit, outfit } from './path/outfit.ts';
import { checkEmbark, embark } from './path/embark.ts';
import { checkMove, move } from './world/move.ts';
import { attack, checkAttack } from './combat/attack.ts';
import { checkSupport, support } from './combat/support.ts';
import { checkDrop, checkTake, checkTakeEverything, drop, take, takeEverything } from './events/loot.ts';
import { abandonFlight, checkAbandon, checkFlightReport, checkLiftOff, flightGate, flightReport, liftOff } from './space/flight.ts';
import { checkFabricate, fabricate } from './endgame/fabricator.ts';
import { checkReinforceHull, checkUpgradeEngine, reinforceHull, upgradeEngine } from './endgame/ship.ts';

export type ApplyResult = ({ ok: true } & Step) | { ok: false; error: EngineError };

interface Rule {
  /** `now` is the state's clock: cooldowns kept by a rule itself (weapons) compare against it. */
  check: (state: GameState, command: Command, now: number) => EngineError | null;
  run: (ctx: Ctx, command: Command) => void;
}

type Of<T extends CommandType> = Extract<Command, { type: T }>;

/** Pairs a command's check with its effect, typed by the command it handles. */
const rule = <T extends CommandType>(
  check: (state: GameState, command: Of<T>, now: number) => EngineError | null,
  run: (ctx: Ctx, command: Of<T>) => void,
): Rule => ({ check: check as Rule['check'], run: run as Rule['run'] });

const RULES: Record<CommandType, Rule> = {
  light_fire: rule(checkLight, lightFire),
  stoke_fire: rule(checkStoke, stokeFire),
  gather_wood: rule(checkGather, gatherWood),
  check_traps: rule(checkCheckTraps, checkTraps),
  build: rule<'build'>(
    (state, c) => (isBuildingId(c.building) ? checkBuild(state, c.building) : engineError('command/unknown', 'error.command.unknown')),
    (ctx, c) => build(ctx, c.building),
  ),
  craft: rule<'craft'>((state, c) => checkCraft(state, c.item), (ctx, c) => craft(ctx, c.item)),
  buy: rule<'buy'>((state, c) => checkBuy(state, c.item), (ctx, c) => buy(ctx, c.item)),
  assign: rule<'assign'>((state, c) => checkAssign(state, c.job, c.delta), (ctx, c) => assign(ctx, c.job, c.delta)),
  travel: rule<'travel'>((state, c) => checkTravel(state, c.to), (ctx, c) => travel(ctx, c.to)),
  set_option: rule<'set_option'>((_state, c) => checkOption(c.option, c.value), (ctx, c) => setOption(ctx, c.option, c.value)),
  event_choose: rule<'event_choose'>((state, c, now) => checkChoice(state, c.button, now), (ctx, c) => choose(ctx, c.button)),
  outfit: rule<'outfit'>((state, c) => checkOutfit(state, c.item, c.delta), (ctx, c) => outfit(ctx, c.item, c.delta)),
  embark: rule<'embark'>((state, _c, now) => checkEmbark(state, now), (ctx) => embark(ctx)),
  move: rule<'move'>((state, c) => checkMove(state, c.dir), (ctx, c) => move(ctx, c.dir)),
  attack: rule<'attack'>((state, c, now) => checkAttack(state, c.weapon, now), (ctx, c) => attack(ctx, c.weapon)),
  fight_support: rule<'fight_support'>((state, c, now) => checkSupport(state, c.action, now), (ctx, c) => support(ctx, c.action)),
  take: rule<'take'>((state, c) => checkTake(state, c.item, c.all), (ctx, c) => take(ctx, c.item, c.all)),
  take_everything: rule<'take_everything'>((state) => checkTakeEverything(state), (ctx) => takeEverything(ctx)),
  drop: rule<'drop'>((state, c) => checkDrop(state, c.item, c.take), (ctx, c) => drop(ctx, c.item, c.take)),
  lift_off: rule<'lift_off'>((state, c, now) => checkLiftOff(state, c.confirmed === true, now), (ctx, c) => liftOff(ctx, c.confirmed === true)),
  flight_report: rule<'flight_report'>((state, c, now) => checkFlightReport(state, c.inputs, c.outcome, now), (ctx, c) => flightReport(ctx, c.outcome)),
  flight_abandon: rule<'flight_abandon'>((state) => checkAbandon(state), (ctx) => abandonFlight(ctx)),
  fabricate: rule<'fabricate'>((state, c) => checkFabricate(state, c.item), (ctx, c) => fabricate(ctx, c.item)),
  reinforce_hull: rule<'reinforce_hull'>((state) => checkReinforceHull(state), (ctx) => reinforceHull(ctx)),
  upgrade_engine: rule<'upgrade_engine'>((state) => checkUpgradeEngine(state), (ctx) => upgradeEngine(ctx)),
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
  // Only something falling due between the state's clock and `now` can change the answer.
  const due = now > state.clock ? nextDueAt(state) : null;
  if (due !== null && due <= now) state = advance(state, now).state;
  // The game is won: only the options still change; the next game is the server's to start.
  if (state.ending && command.type !== 'set_option') return engineError('game/over', 'error.game.over');
  const grounded = flightGate(state, command);
  if (grounded) return grounded;
  if (state.event && !ALLOWED_DURING_EVENT.has(command.type)) return engineError('event/open', 'error.event.open');
  if (cooldownReadyAt(state, command) > now) {
    return engineError('action/cooling_down', 'error.action.cooling_down', {
      seconds: Math.ceil((cooldownReadyAt(state, command) - now) / 1000),
    });
  }
  return rule.check(state, command, now);
}

/**
 * Advances to `now`, then runs `command`. A refused command changes nothing and says why; the
 * caller keeps its old state (and may advance it separately).
 */
export function apply(state: GameState, command: Command, now: number): ApplyResult {
  const ctx: Ctx = { state: cloneState(state), now: state.clock, events: [] };
  advanceDraft(ctx, now);
  const error = check(ctx.state, command, ctx.now);
  if (error) return { ok: false, error };
  const action = actionFor(command);
  if (action) ctx.state.cooldowns[action.cooldown] = ctx.now + COOLDOWNS[action.cooldown];
  RULES[command.type].run(ctx, command);
  pruneCooldowns(ctx.state);
  afterChange(ctx);
  return { ok: true, state: ctx.state, events: ctx.events };
}

/** Finished cooldowns are forgotten so the save stays small. */
function pruneCooldowns(state: GameState): void {
  for (const [group, readyAt] of Object.entries(state.cooldowns)) {
    if (readyAt <= state.clock) delete state.cooldowns[group];
  }
}

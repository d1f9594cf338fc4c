import { notice, type Ctx } from './context.ts';
import { engineError, type EngineError } from './errors.ts';
import type { GameState, Location } from './state.ts';

export const OPTIONS = ['hyperMode', 'lightsOff'] as const;
export type OptionId = (typeof OPTIONS)[number];

/** Hyper mode runs every game timer twice as fast; the server reads it to pace the clock. */
export function setOption(ctx: Ctx, option: OptionId, value: boolean): void {
  ctx.state.config[option] = value;
}

export function checkOption(option: string, value: unknown): EngineError | null {
  return (OPTIONS as readonly string[]).includes(option) && typeof value === 'boolean'
    ? null
    : engineError('command/unknown', 'error.command.unknown');
}

/** Tabs at home; the world is entered only by embarking and left only by coming home or dying. */
export function checkTravel(state: GameState, to: Location): EngineError | null {
  if (to !== 'room' && to !== 'outside' && to !== 'path' && to !== 'fabricator' && to !== 'ship') {
    return engineError('command/unknown', 'error.command.unknown');
  }
  if (state.location === 'world') return engineError('world/away', 'error.world.away');
  if (to === 'outside' && !state.features.outside) return engineError('action/unavailable', 'error.action.unavailable');
  if (to === 'path' && !state.features.path) return engineError('action/unavailable', 'error.action.unavailable');
  if (to === 'fabricator' && !state.features.fabricator) return engineError('action/unavailable', 'error.action.unavailable');
  if (to === 'ship' && !state.features.ship) return engineError('action/unavailable', 'error.action.unavailable');
  return null;
}

/** Where the player looks decides which events can find them; the forest greets the first visit. */
export function travel(ctx: Ctx, to: Location): void {
  ctx.state.location = to;
  if (to === 'outside' && !ctx.state.flags.seen_forest) {
    ctx.state.flags.seen_forest = true;
    notice(ctx, 'notice.forest.first_visit');
  }
  // The endgame's screens greet their first visit too.
  if (to === 'fabricator' && !ctx.state.flags.seen_fabricator) {
    ctx.state.flags.seen_fabricator = true;
    notice(ctx, 'notice.fabricator.first_visit');
  }
  if (to === 'ship' && !ctx.state.flags.seen_ship) {
    ctx.state.flags.seen_ship = true;
    notice(ctx, 'notice.ship.first_visit');
  }
}

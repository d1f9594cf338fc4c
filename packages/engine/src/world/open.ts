import { notice, stock, type Ctx } from '../core/context.ts';
import { openPath } from '../build/trade.ts';
import { generateWorld } from './generate.ts';
import { compassDirection, lightRadius, type CompassPoint } from './selectors.ts';

const COMPASS_NOTICES: Readonly<Record<CompassPoint, string>> = {
  north: 'notice.world.compass.north',
  south: 'notice.world.compass.south',
  east: 'notice.world.compass.east',
  west: 'notice.world.compass.west',
  northeast: 'notice.world.compass.northeast',
  northwest: 'notice.world.compass.northwest',
  southeast: 'notice.world.compass.southeast',
  southwest: 'notice.world.compass.southwest',
};

/**
 * The compass opens the way (spec 04 §1): however it was come by (bought, or given by an event),
 * the path opens, the world is drawn from the game's RNG and the needle's direction is said.
 * Run after every change; does nothing once the world exists.
 */
export function openWorld(ctx: Ctx): void {
  const { state } = ctx;
  if (state.world !== null || (stock(state, 'compass') < 1 && !state.features.path)) return;
  openPath(ctx);
  state.world = generateWorld(state.rng, { prestige: state.prestige.stores !== null, radius: lightRadius(state) });
  notice(ctx, COMPASS_NOTICES[compassDirection(state.world)]);
}

import { ASTEROID_HEIGHT, ASTEROID_WIDTH, FIELD_SIZE, asteroidTop } from '@smoulder/engine';
import type { FlightDriver } from './driver.ts';

/** The five rocks (which one is drawn is the simulation's `glyph`). */
export const ROCKS = ['#', '%', '&', '*', '$'] as const;
export const SHIP = '@';

export interface Palette {
  ink: string;
  paper: string;
}

/** One frame: the field, every rock where it is between two ticks, and the ship. */
export function drawFlight(ctx: CanvasRenderingContext2D, driver: FlightDriver, palette: Palette): void {
  ctx.fillStyle = palette.paper;
  ctx.fillRect(0, 0, FIELD_SIZE, FIELD_SIZE);
  ctx.fillStyle = palette.ink;
  ctx.font = `${ASTEROID_HEIGHT}px monospace`;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  const ms = driver.displayMs;
  for (const rock of driver.sim.asteroids) {
    if (rock.spawnAt > ms) continue;
    ctx.fillText(ROCKS[rock.glyph] ?? ROCKS[0], rock.x + ASTEROID_WIDTH / 2, asteroidTop(rock, ms));
  }
  const ship = driver.shipAt();
  ctx.font = '24px monospace';
  ctx.textBaseline = 'middle';
  ctx.fillText(SHIP, ship.x, ship.y);
}

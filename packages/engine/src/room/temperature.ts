import { notice, type Ctx } from '../core/context.ts';
import type { TemperatureLevel } from '../core/state.ts';
import { TEMPERATURE_LEVELS, TIMINGS } from '../content/timings.ts';

/** One step toward the fire's level, every 30 s, forever. */
export function stepTemperature(ctx: Ctx): void {
  const { room, timers } = ctx.state;
  const before = room.temperature;
  if (room.temperature > 0 && room.temperature > room.fire) room.temperature = (room.temperature - 1) as TemperatureLevel;
  else if (room.temperature < 4 && room.temperature < room.fire) room.temperature = (room.temperature + 1) as TemperatureLevel;
  if (room.temperature !== before) notice(ctx, `notice.temperature.${TEMPERATURE_LEVELS[room.temperature]}`);
  timers.temperature = ctx.now + TIMINGS.temperatureStep;
}

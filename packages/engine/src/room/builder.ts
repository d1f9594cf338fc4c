import { milestone, notice, type Ctx } from '../core/context.ts';
import { startIncome } from '../core/income.ts';
import { TIMINGS, WARM } from '../content/timings.ts';

/**
 * The stranger's recovery, checked every 30 s: coming to is unconditional, then each step needs a warm
 * room; once asleep, the next check wakes the stranger ready to help.
 */
export function checkBuilder(ctx: Ctx): void {
  const { room, timers } = ctx.state;
  timers.builder = ctx.now + TIMINGS.builderCheck;
  switch (room.builder) {
    case 0:
      room.builder = 1;
      timers.forest = ctx.now + TIMINGS.forestAfterStranger;
      notice(ctx, 'notice.builder.collapsed');
      milestone(ctx, 'builder_arrived');
      return;
    case 1:
    case 2:
      if (room.temperature >= WARM) {
        room.builder = room.builder === 1 ? 2 : 3;
        notice(ctx, room.builder === 2 ? 'notice.builder.shivering' : 'notice.builder.sleeping');
      }
      return;
    case 3:
      room.builder = 4;
      timers.builder = null;
      startIncome(ctx, 'builder');
      notice(ctx, 'notice.builder.helping');
      milestone(ctx, 'builder_helping');
      return;
    default:
      timers.builder = null;
  }
}

import { check, eventView, type Command, type GameState } from '@smoulder/engine';

/**
 * What a person would click now: answer an open event; gather wood and check the traps when they
 * are ready; keep the fire up; otherwise something else the rules allow (build, buy, move workers,
 * switch tabs). Null when nothing can be done.
 */
export function humanCommand(state: GameState, now: number): Command | null {
  if (state.event) {
    const button = eventView(state, now)?.buttons.find((b) => b.blocked === null);
    return button ? { type: 'event_choose', button: button.id } : null;
  }
  const first: Command[] = [{ type: 'gather_wood' }, { type: 'check_traps' }];
  if (state.room.fire < 3) first.push(state.room.fire === 0 ? { type: 'light_fire' } : { type: 'stoke_fire' });
  const others: Command[] = [
    { type: 'stoke_fire' },
    { type: 'build', building: 'trap' },
    { type: 'build', building: 'hut' },
    { type: 'build', building: 'cart' },
    { type: 'buy', item: 'scales' },
    { type: 'assign', job: 'hunter', delta: 1 },
    { type: 'assign', job: 'hunter', delta: -1 },
    { type: 'travel', to: state.location === 'room' ? 'outside' : 'room' },
  ].sort(() => Math.random() - 0.5) as Command[];
  return [...first, ...others].find((command) => check(state, command, now) === null) ?? null;
}

import { addStore, notice, stock, type Ctx } from '../core/context.ts';
import { engineError, type EngineError } from '../core/errors.ts';
import { nextFloat } from '../core/rng.ts';
import type { GameState } from '../core/state.ts';
import { TRAP_DROPS, trapDrop } from '../content/trap-drops.ts';

export function trapCount(state: GameState): number {
  return state.outside.buildings.trap ?? 0;
}

/** Baited traps: each one rolls twice and eats one bait. */
export function baitedTraps(state: GameState): number {
  return Math.min(Math.floor(stock(state, 'bait')), trapCount(state));
}

export function checkCheckTraps(state: GameState): EngineError | null {
  return trapCount(state) > 0 ? null : engineError('action/unavailable', 'error.traps.none');
}

export function checkTraps(ctx: Ctx): void {
  const { state } = ctx;
  const baited = baitedTraps(state);
  const rolls = trapCount(state) + baited;
  if (baited > 0) addStore(state, 'bait', -baited);
  const found = new Set<string>();
  for (let i = 0; i < rolls; i++) {
    const resource = trapDrop(nextFloat(state.rng));
    addStore(state, resource, 1);
    found.add(resource);
  }
  const items = TRAP_DROPS.map((d) => d.resource).filter((r) => found.has(r));
  notice(ctx, 'notice.traps.found', { items });
}

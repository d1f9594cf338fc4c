/**
 * The loot on the ground as the dialog lists it: per row whether one fits in the bag, and when it
 * does not, what could be dropped to make room (the spec's drop menu: for each other carried item,
 * enough units to free the space, capped at what is carried).
 */
import { bagCapacity, check, itemWeight, loadWeight, type Command, type EngineError, type GameState } from '@smoulder/engine';

export interface DropOption {
  item: string;
  count: number;
  command: Command;
  blocked: EngineError | null;
}

export interface LootRow {
  item: string;
  count: number;
  fits: boolean;
  take: { command: Command; blocked: EngineError | null };
  takeAll: { command: Command; blocked: EngineError | null };
  /** Only when one does not fit. */
  drops: DropOption[];
}

export function freeSpace(state: GameState): number {
  const bag = state.expedition?.bag ?? {};
  return bagCapacity(state) - loadWeight(bag);
}

/** How many of `item` to drop so that one of `wanted` fits; null when none are carried. */
export function dropCount(state: GameState, item: string, wanted: string): number | null {
  const carried = state.expedition?.bag[item] ?? 0;
  if (carried <= 0) return null;
  const need = itemWeight(wanted) - freeSpace(state);
  return Math.min(Math.max(1, Math.ceil(need / itemWeight(item))), carried);
}

export function lootRows(state: GameState, loot: Readonly<Record<string, number>>, now: number = state.clock): LootRow[] {
  const free = freeSpace(state);
  const bag = state.expedition?.bag ?? {};
  return Object.entries(loot)
    .filter(([, n]) => n > 0)
    .map(([item, count]) => {
      const take: Command = { type: 'take', item, all: false };
      const takeAll: Command = { type: 'take', item, all: true };
      const fits = itemWeight(item) <= free;
      const drops = fits
        ? []
        : Object.keys(bag)
            .filter((other) => other !== item)
            .flatMap((other) => {
              const n = dropCount(state, other, item);
              if (n === null) return [];
              const command: Command = { type: 'drop', item: other, take: item };
              return [{ item: other, count: n, command, blocked: check(state, command, now) }];
            });
      return {
        item,
        count,
        fits,
        take: { command: take, blocked: check(state, take, now) },
        takeAll: { command: takeAll, blocked: check(state, takeAll, now) },
        drops,
      };
    });
}

import { CRAFT_IDS, GOOD_IDS, JOBS, TRAP_DROPS, type StoreRow } from '@smoulder/engine';

/**
 * The order the stores are listed in, whatever order a save keeps its keys in (Postgres hands JSON
 * back with its keys reordered): wood first, then what the traps catch, what the village's jobs
 * make, what the workshop makes and what the trading post sells, each in the game's own order.
 */
export const STORE_ORDER: readonly string[] = [
  ...new Set([
    'wood',
    ...TRAP_DROPS.map((drop) => drop.resource),
    ...JOBS.flatMap((job) => Object.keys(job.perWorker)),
    ...CRAFT_IDS,
    ...GOOD_IDS,
  ]),
];

/** Rows in the stores' order; ids the client does not know yet go last, by name. */
export function orderStoreRows<T extends Pick<StoreRow, 'resource'>>(rows: readonly T[]): T[] {
  const rank = (id: string) => {
    const at = STORE_ORDER.indexOf(id);
    return at === -1 ? STORE_ORDER.length : at;
  };
  return [...rows].sort((a, b) => rank(a.resource) - rank(b.resource) || a.resource.localeCompare(b.resource));
}

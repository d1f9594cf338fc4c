import type { Cost } from '../core/context.ts';

export interface BuildingDef {
  id: string;
  max: number;
  /** Cost of the next one, given how many stand already. */
  cost: (built: number) => Cost;
}

const define = <T extends Record<string, Omit<BuildingDef, 'id'>>>(defs: T) =>
  Object.fromEntries(Object.entries(defs).map(([id, def]) => [id, { id, ...def }])) as {
    [K in keyof T]: BuildingDef;
  };

/** Buildings the builder can raise, in the order the build list shows them. */
export const BUILDINGS = define({
  trap: { max: 10, cost: (n) => ({ wood: 10 + 10 * n }) },
  cart: { max: 1, cost: () => ({ wood: 30 }) },
});

export type BuildingId = keyof typeof BUILDINGS;
export const BUILDING_IDS = Object.keys(BUILDINGS) as BuildingId[];

export function isBuildingId(id: string): id is BuildingId {
  return Object.hasOwn(BUILDINGS, id);
}

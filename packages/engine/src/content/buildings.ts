import type { Cost } from '../core/context.ts';

export interface BuildingDef {
  id: string;
  max: number;
  /** Cost of the next one, given how many stand already. */
  cost: (built: number) => Cost;
  /** Granted by the world rather than raised by the builder (the mines). */
  granted?: true;
}

const define = <T extends Record<string, Omit<BuildingDef, 'id'>>>(defs: T) =>
  Object.fromEntries(Object.entries(defs).map(([id, def]) => [id, { id, ...def }])) as {
    [K in keyof T]: BuildingDef;
  };

/** Every building, in the order the build list shows them. */
export const BUILDINGS = define({
  trap: { max: 10, cost: (n) => ({ wood: 10 + 10 * n }) },
  cart: { max: 1, cost: () => ({ wood: 30 }) },
  hut: { max: 20, cost: (n) => ({ wood: 100 + 50 * n }) },
  lodge: { max: 1, cost: () => ({ wood: 200, fur: 10, meat: 5 }) },
  'trading post': { max: 1, cost: () => ({ wood: 400, fur: 100 }) },
  tannery: { max: 1, cost: () => ({ wood: 500, fur: 50 }) },
  smokehouse: { max: 1, cost: () => ({ wood: 600, meat: 50 }) },
  workshop: { max: 1, cost: () => ({ wood: 800, leather: 100, scales: 10 }) },
  steelworks: { max: 1, cost: () => ({ wood: 1500, iron: 100, coal: 100 }) },
  armoury: { max: 1, cost: () => ({ wood: 3000, steel: 100, sulphur: 50 }) },
  'iron mine': { max: 1, cost: () => ({}), granted: true },
  'coal mine': { max: 1, cost: () => ({}), granted: true },
  'sulphur mine': { max: 1, cost: () => ({}), granted: true },
});

export type BuildingId = keyof typeof BUILDINGS;
export const BUILDING_IDS = Object.keys(BUILDINGS) as BuildingId[];
/** What the builder can be asked to raise. */
export const BUILDABLE_IDS = BUILDING_IDS.filter((id) => !BUILDINGS[id].granted);

export function isBuildingId(id: string): id is BuildingId {
  return Object.hasOwn(BUILDINGS, id);
}

/** Four villagers live in each hut. */
export const HUT_CAPACITY = 4;

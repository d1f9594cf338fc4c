import { BUILDING_IDS, type GameState } from '@smoulder/engine';

export interface StandingBuilding {
  building: string;
  count: number;
}

/** Buildings that stand, in the build list's order (ids the client does not know yet go last). */
export function standingBuildings(state: GameState): StandingBuilding[] {
  const built = state.outside.buildings;
  const known = BUILDING_IDS as readonly string[];
  const order = [...known, ...Object.keys(built).filter((id) => !known.includes(id)).sort()];
  return order.filter((id) => (built[id] ?? 0) > 0).map((building) => ({ building, count: built[building] }));
}

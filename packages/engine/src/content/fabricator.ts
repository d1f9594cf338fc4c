import type { Cost } from '../core/context.ts';

export type FabricationType = 'weapon' | 'upgrade' | 'tool';

/** One thing the fabricator makes (spec core/08 §1); its words live in the catalogs. */
export interface FabricationDef {
  id: string;
  type: FabricationType;
  /** How many may be owned at most; none when unlimited. */
  max?: number;
  cost: Cost;
  /** How many one fabrication adds (the hypo comes five at a time). */
  yield: number;
  /** Shown only once its blueprint has been carried home (`character.blueprints[id]`). */
  blueprint: boolean;
}

/** The fabricator's list, in the order its screen shows it. Only alien alloy is spent. */
export const FABRICATIONS: readonly FabricationDef[] = [
  { id: 'energy blade', type: 'weapon', cost: { 'alien alloy': 1 }, yield: 1, blueprint: false },
  { id: 'fluid recycler', type: 'upgrade', max: 1, cost: { 'alien alloy': 2 }, yield: 1, blueprint: false },
  { id: 'cargo drone', type: 'upgrade', max: 1, cost: { 'alien alloy': 2 }, yield: 1, blueprint: false },
  { id: 'kinetic armour', type: 'upgrade', max: 1, cost: { 'alien alloy': 2 }, yield: 1, blueprint: true },
  { id: 'disruptor', type: 'weapon', cost: { 'alien alloy': 1 }, yield: 1, blueprint: true },
  { id: 'hypo', type: 'tool', cost: { 'alien alloy': 1 }, yield: 5, blueprint: true },
  { id: 'stim', type: 'tool', cost: { 'alien alloy': 1 }, yield: 1, blueprint: true },
  { id: 'plasma rifle', type: 'weapon', cost: { 'alien alloy': 1 }, yield: 1, blueprint: true },
  { id: 'glowstone', type: 'tool', cost: { 'alien alloy': 1 }, yield: 1, blueprint: true },
];

export const FABRICATION_IDS = FABRICATIONS.map((f) => f.id);

export function fabricationById(id: string): FabricationDef | undefined {
  return FABRICATIONS.find((f) => f.id === id);
}

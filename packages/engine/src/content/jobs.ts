import type { BuildingId } from './buildings.ts';

export interface JobDef {
  id: string;
  /** The building whose first copy opens the job. */
  building: BuildingId;
  /** Per worker, per 10 s cycle: negative amounts are consumed. */
  perWorker: Readonly<Record<string, number>>;
}

/** Jobs in the order the village lists them (and the order losses empty them). */
export const JOBS: readonly JobDef[] = [
  { id: 'hunter', building: 'lodge', perWorker: { fur: 0.5, meat: 0.5 } },
  { id: 'trapper', building: 'lodge', perWorker: { meat: -1, bait: 1 } },
  { id: 'tanner', building: 'tannery', perWorker: { fur: -5, leather: 1 } },
  { id: 'charcutier', building: 'smokehouse', perWorker: { meat: -5, wood: -5, 'cured meat': 1 } },
  { id: 'iron miner', building: 'iron mine', perWorker: { 'cured meat': -1, iron: 1 } },
  { id: 'coal miner', building: 'coal mine', perWorker: { 'cured meat': -1, coal: 1 } },
  { id: 'sulphur miner', building: 'sulphur mine', perWorker: { 'cured meat': -1, sulphur: 1 } },
  { id: 'steelworker', building: 'steelworks', perWorker: { iron: -1, coal: -1, steel: 1 } },
  { id: 'armourer', building: 'armoury', perWorker: { steel: -1, sulphur: -1, bullets: 1 } },
];

export const JOB_IDS = JOBS.map((j) => j.id);

export function jobById(id: string): JobDef | undefined {
  return JOBS.find((j) => j.id === id);
}

/** Gatherers are whoever has no other job; each brings 1 wood per cycle. */
export const GATHERER_WOOD = 1;

/** Every way the engine can refuse a command. Mirrored by a zod enum in @smoulder/protocol. */
export const ENGINE_ERROR_CODES = [
  'command/unknown',
  'action/unavailable',
  'action/cooling_down',
  'cost/not_enough',
  'build/too_cold',
  'build/maxed',
  'village/no_one_free',
  'village/no_workers',
  'event/open',
  'event/not_open',
  'bag/full',
  'world/away',
  'world/edge',
  'fight/over',
  'flight/none',
  'flight/underway',
  'flight/unconfirmed',
  'flight/forged',
  'flight/mismatch',
  'flight/too_soon',
  'game/over',
] as const;

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

export type NoticeParams = Record<string, string | number | string[]>;

export interface EngineError {
  code: EngineErrorCode;
  /** i18n key the client shows; several keys can share one code. */
  key: string;
  params?: NoticeParams;
}

export function engineError(code: EngineErrorCode, key: string, params?: NoticeParams): EngineError {
  return params ? { code, key, params } : { code, key };
}

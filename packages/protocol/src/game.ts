import { z } from 'zod';
import { BUILDING_IDS, ENGINE_ERROR_CODES, type Command, type GameState } from '@smoulder/engine';

export const CommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('light_fire') }).strict(),
  z.object({ type: z.literal('stoke_fire') }).strict(),
  z.object({ type: z.literal('gather_wood') }).strict(),
  z.object({ type: z.literal('check_traps') }).strict(),
  z.object({ type: z.literal('build'), building: z.enum(BUILDING_IDS) }).strict(),
]) satisfies z.ZodType<Command>;

const Level = z.number().int().min(0).max(4);
const Counts = z.record(z.string(), z.number());
const Due = z.number().nullable();

/** The whole game state as the server sends it; checked so a bad frame never reaches the view. */
export const GameStateSchema = z.object({
  version: z.number().int(),
  clock: z.number(),
  rng: z.object({ seed: z.number(), state: z.number() }),
  config: z.object({ hyperMode: z.boolean(), lightsOff: z.boolean() }),
  features: z.object({ outside: z.boolean() }),
  stores: Counts,
  room: z.object({ fire: Level, temperature: Level, builder: z.number().int().min(-1).max(4) }),
  outside: z.object({ buildings: Counts, population: z.number(), workers: Counts }),
  income: Counts,
  timers: z.object({ fireCool: Due, temperature: z.number(), builder: Due, forest: Due }),
  cooldowns: Counts,
  seen: z.object({ buildings: z.array(z.string()) }),
  milestones: Counts,
}) as unknown as z.ZodType<GameState>;

export const NoticeParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]));

export const ErrorCode = z.enum([
  ...ENGINE_ERROR_CODES,
  'message/invalid_json',
  'message/invalid',
  'message/too_large',
  'server/unavailable',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

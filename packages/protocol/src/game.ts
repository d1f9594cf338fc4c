import { z } from 'zod';
import {
  BUILDABLE_IDS,
  CRAFT_IDS,
  ENGINE_ERROR_CODES,
  GOOD_IDS,
  JOB_IDS,
  OPTIONS,
  DIRECTIONS,
  SUPPORT_ACTIONS,
  FABRICATION_IDS,
  type Command,
  type GameState,
} from '@smoulder/engine';

/** An item's id as the stores name it ("cured meat", "iron sword"); the engine judges which exist. */
const ItemId = z.string().min(1).max(40);

export const CommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('light_fire') }).strict(),
  z.object({ type: z.literal('stoke_fire') }).strict(),
  z.object({ type: z.literal('gather_wood') }).strict(),
  z.object({ type: z.literal('check_traps') }).strict(),
  z.object({ type: z.literal('build'), building: z.enum(BUILDABLE_IDS) }).strict(),
  z.object({ type: z.literal('craft'), item: z.enum(CRAFT_IDS) }).strict(),
  z.object({ type: z.literal('buy'), item: z.enum(GOOD_IDS) }).strict(),
  z.object({ type: z.literal('assign'), job: z.enum(JOB_IDS), delta: z.union([z.literal(1), z.literal(-1), z.literal(10), z.literal(-10)]) }).strict(),
  z.object({ type: z.literal('travel'), to: z.enum(['room', 'outside', 'path', 'fabricator', 'ship']) }).strict(),
  z.object({ type: z.literal('set_option'), option: z.enum(OPTIONS), value: z.boolean() }).strict(),
  z.object({ type: z.literal('event_choose'), button: z.string().min(1).max(40) }).strict(),
  z.object({ type: z.literal('outfit'), item: ItemId, delta: z.union([z.literal(1), z.literal(-1), z.literal(10), z.literal(-10)]) }).strict(),
  z.object({ type: z.literal('embark') }).strict(),
  z.object({ type: z.literal('move'), dir: z.enum(DIRECTIONS) }).strict(),
  z.object({ type: z.literal('attack'), weapon: ItemId }).strict(),
  z.object({ type: z.literal('fight_support'), action: z.enum(SUPPORT_ACTIONS) }).strict(),
  z.object({ type: z.literal('take'), item: ItemId, all: z.boolean() }).strict(),
  z.object({ type: z.literal('take_everything') }).strict(),
  z.object({ type: z.literal('drop'), item: ItemId, take: ItemId }).strict(),
  z.object({ type: z.literal('lift_off'), confirmed: z.boolean() }).strict(),
  // The flight's input log (engine space/inputs.ts); the engine reads it and names what is wrong with it.
  z.object({ type: z.literal('flight_report'), inputs: z.string().max(4096), outcome: z.enum(['crashed', 'escaped']) }).strict(),
  z.object({ type: z.literal('flight_abandon') }).strict(),
  z.object({ type: z.literal('fabricate'), item: z.enum(FABRICATION_IDS) }).strict(),
  z.object({ type: z.literal('reinforce_hull') }).strict(),
  z.object({ type: z.literal('upgrade_engine') }).strict(),
]) satisfies z.ZodType<Command>;

const Level = z.number().int().min(0).max(4);
const Counts = z.record(z.string(), z.number());
const Due = z.number().nullable();

const WorldMapSchema = z.object({
  tiles: z.array(z.string().length(61)).length(61),
  seen: z.array(z.string().length(61)).length(61),
  done: z.array(z.string()),
});

/** The whole game state as the server sends it; checked so a bad frame never reaches the view. */
export const GameStateSchema = z.object({
  version: z.number().int(),
  clock: z.number(),
  rng: z.object({ seed: z.number(), state: z.number() }),
  config: z.object({ hyperMode: z.boolean(), lightsOff: z.boolean() }),
  features: z.object({ outside: z.boolean(), path: z.boolean(), fabricator: z.boolean(), ship: z.boolean() }),
  location: z.enum(['room', 'outside', 'path', 'fabricator', 'ship', 'world']),
  stores: Counts,
  room: z.object({ fire: Level, temperature: Level, builder: z.number().int().min(-1).max(4) }),
  outside: z.object({ buildings: Counts, population: z.number(), workers: Counts }),
  income: Counts,
  timers: z.object({
    fireCool: Due,
    temperature: z.number(),
    builder: Due,
    forest: Due,
    population: Due,
    event: z.number(),
  }),
  cooldowns: Counts,
  seen: z.object({ buildings: z.array(z.string()), crafts: z.array(z.string()) }),
  milestones: Counts,
  character: z.object({
    perks: z.record(z.string(), z.literal(true)),
    punches: z.number(),
    starved: z.number(),
    dehydrated: z.number(),
    blueprints: z.record(z.string(), z.literal(true)),
  }),
  world: WorldMapSchema.nullable(),
  ship: z.object({ hull: z.number(), thrusters: z.number(), seenWarning: z.boolean() }).nullable(),
  flight: z.object({ seed: z.number(), startedAt: z.number() }).nullable(),
  prestige: z.object({ stores: Counts.nullable(), score: z.number() }),
  ending: z.object({ score: z.number(), total: z.number(), beacon: z.boolean() }).nullable(),
  outfit: Counts,
  expedition: z
    .object({
      map: WorldMapSchema,
      x: z.number().int(),
      y: z.number().int(),
      hp: z.number(),
      water: z.number(),
      bag: Counts,
      foodSteps: z.number(),
      waterSteps: z.number(),
      starving: z.boolean(),
      thirsty: z.boolean(),
      usedOutposts: z.array(z.string()),
      fightSteps: z.number(),
      flags: z.record(z.string(), z.literal(true)),
      danger: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    })
    .nullable(),
  fight: z
    .object({
      enemy: z.string(),
      hp: z.number(),
      won: z.boolean(),
      timers: z.record(z.string(), Due),
      enemyStatus: z.record(z.string(), Due),
      playerStatus: z.record(z.string(), Due),
      pool: z.number(),
      dot: z.number().optional(),
      lastSpecial: z.string().optional(),
    })
    .nullable(),
  thieves: z.object({ state: z.union([z.literal(0), z.literal(1), z.literal(2)]), stolen: Counts }),
  event: z
    .object({ id: z.string(), scene: z.string(), params: Counts.optional(), loot: Counts.optional(), readyAt: z.number().optional() })
    .nullable(),
  payouts: z.array(z.object({ id: z.string(), dueAt: z.number(), reward: Counts, notice: z.string() })),
  flags: z.record(z.string(), z.literal(true)),
}) as unknown as z.ZodType<GameState>;

export const NoticeParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]));

export const ErrorCode = z.enum([
  ...ENGINE_ERROR_CODES,
  'message/invalid_json',
  'message/invalid',
  'message/too_large',
  'message/rate_limited',
  'server/unavailable',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

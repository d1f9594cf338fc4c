import { z } from 'zod';
import { MAX_STORE, STATE_VERSION, type GameState } from '@smoulder/engine';
import { Email, Password } from './http.ts';

/**
 * Account management, devices, save history and export/import (issue 6). Every route lives under
 * /api/account and acts on the signed-in player only: 401 without a session, 404 for an id that is
 * not theirs (another player's device or snapshot looks exactly like one that does not exist).
 */

// --- devices ----------------------------------------------------------------

/** One signed-in device: a session, named after the user agent it started from. */
export const DeviceInfo = z.object({
  id: z.string(),
  /** e.g. "firefox on linux"; "unknown" when the browser did not say. */
  device: z.string(),
  firstSeen: z.iso.datetime(),
  lastSeen: z.iso.datetime(),
  /** The device making the request. */
  current: z.boolean(),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

/** GET /api/account/devices: most recently seen first. */
export const DevicesResponse = z.object({ devices: z.array(DeviceInfo) });
export type DevicesResponse = z.infer<typeof DevicesResponse>;

/** POST /api/account/devices/:id/sign-out and /api/account/devices/sign-out-others. */
export const SignOutResponse = z.object({ signedOut: z.number().int().min(0) });
export type SignOutResponse = z.infer<typeof SignOutResponse>;

/** The game socket of a device that was signed out is closed with this code and reason. */
export const SIGNED_OUT_CLOSE = { code: 4401, reason: 'signed out from another device' } as const;
/** The game socket of a deleted account is closed with this code. */
export const ACCOUNT_DELETED_CLOSE = { code: 4410, reason: 'account deleted' } as const;

// --- account settings -------------------------------------------------------

const CurrentPassword = z.string().min(1, { error: 'type your current password' }).max(200);

/** POST /api/account/password: every other device is signed out. */
export const ChangePasswordBody = z.object({ currentPassword: CurrentPassword, newPassword: Password }).strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST /api/account/email: answers with the player (MeResponse). */
export const ChangeEmailBody = z.object({ currentPassword: CurrentPassword, email: Email }).strict();
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** The word a guest types to delete their game (an account types its email). */
export const DELETE_WORD = 'delete';

/**
 * POST /api/account/delete: `confirm` is the account's email (any case), or `delete` for a guest;
 * an account also gives its password. Everything of the player goes: sessions, game, history, analytics.
 */
export const DeleteAccountBody = z
  .object({ confirm: z.string().trim().toLowerCase().max(254), currentPassword: CurrentPassword.optional() })
  .strict();
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

// --- save history -----------------------------------------------------------

export const SNAPSHOT_REASONS = ['auto', 'claim', 'before_import', 'before_restore', 'lift_off', 'ending'] as const;
export const SnapshotReason = z.enum(SNAPSHOT_REASONS);
export type SnapshotReason = z.infer<typeof SnapshotReason>;

export const SnapshotInfo = z.object({
  id: z.string(),
  reason: SnapshotReason,
  /** Wall time it was taken. */
  createdAt: z.iso.datetime(),
  /** The game clock then, in milliseconds of play. */
  playMs: z.number().min(0),
  /** The latest milestone the game had reached, or null. */
  lastMilestone: z.string().nullable(),
});
export type SnapshotInfo = z.infer<typeof SnapshotInfo>;

/** GET /api/account/snapshots: newest first. */
export const SnapshotsResponse = z.object({ snapshots: z.array(SnapshotInfo) });
export type SnapshotsResponse = z.infer<typeof SnapshotsResponse>;

/** POST /api/account/snapshots/:id/restore; `saved` is the snapshot of the game as it was just before. */
export const RestoreResponse = z.object({ restored: z.string(), saved: SnapshotInfo });
export type RestoreResponse = z.infer<typeof RestoreResponse>;

// --- finished games ---------------------------------------------------------

/** A won game as the account keeps it (issue 5): its score, the total with the games before it, the beacon. */
export const FinishedGameInfo = z.object({
  gameId: z.string(),
  /** This game's score. */
  score: z.number().int().min(0),
  /** The running total with every earlier won game (the prestige score carried on). */
  total: z.number().int().min(0),
  /** Whether the fleet beacon was aboard: the other ending. */
  beacon: z.boolean(),
  /** Play time (game clock) when it was won. */
  playMs: z.number().min(0),
  /** Wall time it was kept, when the next game began. */
  finishedAt: z.iso.datetime(),
});
export type FinishedGameInfo = z.infer<typeof FinishedGameInfo>;

/** GET /api/account/finished-games: the signed-in player's won games, newest first. */
export const FinishedGamesResponse = z.object({ games: z.array(FinishedGameInfo) });
export type FinishedGamesResponse = z.infer<typeof FinishedGamesResponse>;

// --- export / import --------------------------------------------------------

export const EXPORT_FORMAT = 'smoulder-save';
/** Bumped when the file's envelope changes; the state inside carries its own `version`. */
export const EXPORT_VERSION = 1;
/** Largest import body the server reads (larger: 413); a real save is a few tens of kilobytes. */
export const MAX_IMPORT_BYTES = 512 * 1024;
/** Deepest nesting of arrays and objects an import may have; a real save needs 6. */
export const MAX_IMPORT_DEPTH = 32;

/**
 * GET /api/account/export (a download) and the body of POST /api/account/import. `checksum` is the
 * sha-256 (hex) of the state's canonical JSON: keys sorted at every level, no spaces.
 */
export const ExportFile = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.number().int().min(1).max(EXPORT_VERSION),
    exportedAt: z.iso.datetime(),
    stateVersion: z.number().int().min(1).max(STATE_VERSION),
    checksum: z.string().regex(/^[0-9a-f]{64}$/, { error: 'not a sha-256 checksum' }),
    state: z.record(z.string(), z.unknown()),
  })
  .strict();
export type ExportFile = z.infer<typeof ExportFile>;

export const ImportResponse = z.object({
  /** The save version found in the file; older ones were migrated. */
  fromVersion: z.number().int(),
  migrated: z.boolean(),
  /** The snapshot of the game that the import replaced. */
  saved: SnapshotInfo,
});
export type ImportResponse = z.infer<typeof ImportResponse>;

/**
 * POST /api/account/import/original: a save code of the original 2013 game (spec core/09 §3) in a
 * JSON body `{ code }`. Converted by the engine (`importOriginalSave`); larger bodies answer 413
 * `import/too_large`.
 */
export const MAX_ORIGINAL_IMPORT_BYTES = 1024 * 1024 + 1024;
export const OriginalImportBody = z.object({ code: z.string() }).strict();
export type OriginalImportBody = z.infer<typeof OriginalImportBody>;

/** Something of the original that has no place here; `key` picks the words (account.history.not_carried.<key>). */
export const NOT_CARRIED_KEYS = ['timers', 'milestones', 'cooldowns', 'wait', 'store', 'sound', 'score'] as const;
export const NotCarriedItem = z.object({
  key: z.enum(NOT_CARRIED_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type NotCarriedItem = z.infer<typeof NotCarriedItem>;

export const OriginalImportResponse = z.object({
  /** What could not be carried over. */
  notCarried: z.array(NotCarriedItem),
  /** The snapshot of the game that the import replaced. */
  saved: SnapshotInfo,
});
export type OriginalImportResponse = z.infer<typeof OriginalImportResponse>;

// --- the imported state, checked to the last number -------------------------

/** 100 years of play: a clock or due-time beyond this is not a real game's. */
export const MAX_PLAY_MS = 100 * 365 * 24 * 3600 * 1000;
const MAX_ENTRIES = 500;
const Key = z.string().min(1).max(64);
const Text = z.string().max(64);
const Count = z.number().int().min(0).max(MAX_STORE);
const Time = z.number().min(0).max(MAX_PLAY_MS);
const Due = Time.nullable();
const Amount = z.number().min(-1e9).max(1e9);
const Int32 = z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1);
const Level = z.number().int().min(0).max(4);
/** The ending's score weighs stores by fractional factors. */
const Score = z.number().min(0).max(MAX_STORE * 100);
const bounded = <T extends z.ZodType>(value: T) =>
  z.record(Key, value).refine((o) => Object.keys(o).length <= MAX_ENTRIES, { error: `at most ${MAX_ENTRIES} entries` });
const Counts = bounded(Count);
const Times = bounded(Time);
const DueTimes = bounded(Due);
const Flags = bounded(z.literal(true));
const Column = z.string().length(61).regex(/^[\x20-\x7e]+$/);
const WorldMap = z
  .object({ tiles: z.array(Column).length(61), seen: z.array(z.string().length(61).regex(/^[01]+$/)).length(61), done: z.array(Text).max(3721) })
  .strict();
const Coordinate = z.number().int().min(0).max(60);

/**
 * The whole game state as an import may hold it (after migration to the current version): every
 * object closed to unknown keys, every count a whole number from 0 to the game's maximum, every time
 * within a hundred years of play, every list and map of a bounded size.
 */
export const ImportedState = z
  .object({
    version: z.literal(STATE_VERSION),
    clock: Time,
    rng: z.object({ seed: Int32, state: Int32 }).strict(),
    config: z.object({ hyperMode: z.boolean(), lightsOff: z.boolean() }).strict(),
    features: z.object({ outside: z.boolean(), path: z.boolean(), fabricator: z.boolean(), ship: z.boolean() }).strict(),
    location: z.enum(['room', 'outside', 'path', 'fabricator', 'ship', 'world']),
    stores: Counts,
    room: z.object({ fire: Level, temperature: Level, builder: z.number().int().min(-1).max(4) }).strict(),
    outside: z.object({ buildings: Counts, population: Count, workers: Counts }).strict(),
    income: Times,
    timers: z
      .object({ fireCool: Due, temperature: Time, builder: Due, forest: Due, population: Due, event: Time })
      .strict(),
    cooldowns: Times,
    seen: z.object({ buildings: z.array(Key).max(MAX_ENTRIES), crafts: z.array(Key).max(MAX_ENTRIES) }).strict(),
    milestones: Times,
    character: z
      .object({ perks: Flags, punches: Count, starved: Count, dehydrated: Count, blueprints: Flags })
      .strict(),
    world: WorldMap.nullable(),
    outfit: Counts,
    expedition: z
      .object({
        map: WorldMap,
        x: Coordinate,
        y: Coordinate,
        hp: Amount,
        water: Count,
        bag: Counts,
        foodSteps: Count,
        waterSteps: Count,
        starving: z.boolean(),
        thirsty: z.boolean(),
        usedOutposts: z.array(Text).max(3721),
        fightSteps: Count,
        flags: Flags,
        danger: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      })
      .strict()
      .nullable(),
    fight: z
      .object({
        enemy: Key,
        hp: Amount,
        won: z.boolean(),
        timers: DueTimes,
        enemyStatus: DueTimes,
        playerStatus: DueTimes,
        pool: Amount,
        dot: Amount.optional(),
        lastSpecial: Key.optional(),
      })
      .strict()
      .nullable(),
    thieves: z.object({ state: z.union([z.literal(0), z.literal(1), z.literal(2)]), stolen: Counts }).strict(),
    event: z
      .object({
        id: Key,
        scene: Key,
        params: bounded(Amount).optional(),
        loot: Counts.optional(),
        readyAt: Time.optional(),
      })
      .strict()
      .nullable(),
    payouts: z.array(z.object({ id: Key, dueAt: Time, reward: Counts, notice: z.string().min(1).max(120) }).strict()).max(MAX_ENTRIES),
    flags: Flags,
    ship: z.object({ hull: Count, thrusters: Count, seenWarning: z.boolean() }).strict().nullable(),
    flight: z.object({ seed: Int32, startedAt: Time }).strict().nullable(),
    prestige: z.object({ stores: Counts.nullable(), score: Score }).strict(),
    ending: z.object({ score: Score, total: Score, beacon: z.boolean() }).strict().nullable(),
  })
  .strict() as unknown as z.ZodType<GameState>;

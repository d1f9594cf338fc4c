import { MAX_STORE, newGame, type BuilderLevel, type FireLevel, type GameState, type TemperatureLevel, type WorldMap } from '../core/state.ts';
import { BUILDINGS, HUT_CAPACITY, isBuildingId } from '../content/buildings.ts';
import { CRAFTS } from '../content/crafts.ts';
import { FABRICATIONS } from '../content/fabricator.ts';
import { GOODS } from '../content/goods.ts';
import { JOBS, jobById } from '../content/jobs.ts';
import { WEAPONS } from '../content/weapons.ts';
import { SCORE_ITEMS } from '../endgame/score.ts';
import { TIMINGS, eventDelay, populationDelay } from '../content/timings.ts';
import { nextTick } from '../core/income.ts';
import { generateWorld } from '../world/generate.ts';
import { RADIUS, TILE_CHARS, WORLD_SIZE, posKey } from '../world/selectors.ts';

/**
 * Reading a save code of the original 2013 game (spec core/09 §3: `Base64(UTF8(JSON(State)))`, the
 * state's shape in core/01 §4.1) into a new Smoulder game. Pure: the code and a seed in, a state or a
 * typed error out.
 *
 * Decisions:
 * - The engine imports nothing outside itself (see purity.test.ts), so the original's structure is
 *   checked by the small strict validators below rather than zod; the resulting GameState is then
 *   checked by the protocol's zod `ImportedState` on the server like any imported state.
 * - Only the 1.3 layout (the one every save since 2014 has) is read; other versions are refused.
 * - Every object whose keys the spec lists is closed: an unknown key is an `import/unknown_key` error.
 *   Open maps (stores, outfit, stolen, wait, cooldown, income) accept any name; a store this game has
 *   no use for is listed in `notCarried` rather than refused. Perks, buildings and jobs are closed lists.
 * - The stray top-level outfit keys the original writes (core/01 §4.1 quirk, e.g. `State["cured meat"]`)
 *   are accepted when they name a carryable item with a whole count, and dropped (the outfit has them).
 * - Numbers must be finite, non-negative, whole where they count something and within the game's
 *   maxima; `null` where a number belongs (how the original saves NaN) is refused as well.
 * - Time does not carry over: the clock starts at 0 and every timer is due as in a new game that had
 *   reached this point (the fire cools in 5 min, income ticks in 1 s, the first event in 3–5 min).
 */

export type OriginalImportErrorCode =
  | 'import/not_base64'
  | 'import/not_json'
  | 'import/too_large'
  | 'import/bad_value'
  | 'import/unknown_key'
  | 'import/too_deep'
  | 'import/not_original';

export interface OriginalImportError {
  code: OriginalImportErrorCode;
  message: string;
  /** Where in the original's state the problem is, e.g. `stores.wood`. */
  path?: string;
}

/** Something of the original that has no place in this game; `key` names it for the words. */
export interface NotCarried {
  key: 'timers' | 'milestones' | 'cooldowns' | 'wait' | 'store' | 'sound' | 'score';
  params?: Record<string, string | number>;
}

export type OriginalImport =
  | { ok: true; state: GameState; notCarried: NotCarried[] }
  | { ok: false; error: OriginalImportError };

/** A save code longer than this is refused before decoding; a real one is well under 100 kB. */
export const MAX_ORIGINAL_CODE_CHARS = 1_000_000;
/** Deepest nesting of the decoded JSON; the original's state needs 5 (the map's columns), `wait` a few more. */
export const MAX_ORIGINAL_DEPTH = 12;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class Refusal extends Error {
  constructor(
    readonly code: OriginalImportErrorCode,
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

export function importOriginalSave(code: string, seed: number): OriginalImport {
  try {
    const original = decode(code);
    return { ok: true, ...convert(original, seed) };
  } catch (err) {
    if (err instanceof Refusal) {
      const error: OriginalImportError = { code: err.code, message: err.message };
      if (err.path !== undefined) error.path = err.path;
      return { ok: false, error };
    }
    throw err;
  }
}

// --- decoding ----------------------------------------------------------------

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

function decode(code: string): unknown {
  if (typeof code !== 'string') throw new Refusal('import/not_base64', 'the save code must be text');
  if (code.length > MAX_ORIGINAL_CODE_CHARS) {
    throw new Refusal('import/too_large', `the save code is ${code.length} characters long; at most ${MAX_ORIGINAL_CODE_CHARS} are read`);
  }
  // As the original's import: whitespace and dots are dropped first.
  const text = code.replace(/[\s.]/g, '');
  if (text.length === 0) throw new Refusal('import/not_base64', 'the save code is empty');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1 || (text.includes('=') && text.length % 4 !== 0)) {
    throw new Refusal('import/not_base64', 'the save code is not base64');
  }
  const json = utf8(base64Bytes(text.replace(/=+$/, '')));
  if (json === null) throw new Refusal('import/not_json', 'the decoded save is not text');
  const depth = maxDepth(json);
  if (depth > MAX_ORIGINAL_DEPTH) {
    throw new Refusal('import/too_deep', `the save is nested ${depth} levels deep; the original's has at most ${MAX_ORIGINAL_DEPTH}`);
  }
  let forbidden: string | null = null;
  let data: unknown;
  try {
    data = JSON.parse(json, (key, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) forbidden ??= key;
      return value;
    });
  } catch {
    throw new Refusal('import/not_json', 'the decoded save is not JSON');
  }
  if (forbidden !== null) throw new Refusal('import/unknown_key', `the save has a key "${forbidden}", which no save has`, forbidden);
  return data;
}

function base64Bytes(text: string): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const c of text) {
    buffer = (buffer << 6) | (B64_VALUE.get(c) as number);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** UTF-8 with the original's quirk: surrogate halves encoded one by one (3 bytes each). Null: not text. */
function utf8(bytes: number[]): string | null {
  const units: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number;
    const more = (n: number) => {
      let v = 0;
      for (let k = 1; k <= n; k++) {
        const c = bytes[i + k];
        if (c === undefined || (c & 0xc0) !== 0x80) return -1;
        v = (v << 6) | (c & 0x3f);
      }
      return v;
    };
    if (b < 0x80) {
      units.push(b);
      i += 1;
    } else if (b >= 0xc2 && b < 0xe0) {
      const v = more(1);
      if (v < 0) return null;
      units.push(((b & 0x1f) << 6) | v);
      i += 2;
    } else if (b >= 0xe0 && b < 0xf0) {
      const v = more(2);
      if (v < 0) return null;
      const unit = ((b & 0x0f) << 12) | v;
      if (unit < 0x800) return null;
      units.push(unit);
      i += 3;
    } else if (b >= 0xf0 && b < 0xf5) {
      const v = more(3);
      if (v < 0) return null;
      const point = ((b & 0x07) << 18) | v;
      if (point < 0x10000 || point > 0x10ffff) return null;
      units.push(0xd800 + ((point - 0x10000) >> 10), 0xdc00 + ((point - 0x10000) & 0x3ff));
      i += 4;
    } else return null;
  }
  let out = '';
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.slice(i, i + 8192));
  return out;
}

/** Deepest nesting of `[` and `{` outside strings, on the raw text (no recursion). */
function maxDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return max;
}

// --- checking the original's structure ----------------------------------------

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function obj(v: unknown, path: string, keys?: readonly string[]): Obj {
  if (!isObj(v)) throw new Refusal('import/bad_value', `${path} should be an object`, path);
  if (keys) {
    const unknown = Object.keys(v).find((k) => !keys.includes(k));
    if (unknown !== undefined) throw new Refusal('import/unknown_key', `${path}.${unknown} is not a key of the original's save`, `${path}.${unknown}`);
  }
  return v;
}

const optObj = (v: unknown, path: string, keys?: readonly string[]): Obj => (v === undefined ? {} : obj(v, path, keys));

/** A finite number from 0 to `max`, whole unless `fraction`. */
function count(v: unknown, path: string, max = MAX_STORE, fraction = false): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Refusal('import/bad_value', `${path} should be a finite number`, path);
  if (v < 0) throw new Refusal('import/bad_value', `${path} is negative`, path);
  if (!fraction && !Number.isInteger(v)) throw new Refusal('import/bad_value', `${path} should be a whole number`, path);
  if (v > max) throw new Refusal('import/bad_value', `${path} is ${v}, more than the game's ${max}`, path);
  return v;
}

const optCount = (v: unknown, path: string, max = MAX_STORE): number => (v === undefined ? 0 : count(v, path, max));

function bool(v: unknown, path: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new Refusal('import/bad_value', `${path} should be true or false`, path);
  return v;
}

function text(v: unknown, path: string, max = 200): string {
  if (typeof v !== 'string' || v.length > max) throw new Refusal('import/bad_value', `${path} should be a short text`, path);
  return v;
}

const NAME = /^[a-z][a-z ]{0,39}$/;
function name(k: string, path: string): string {
  if (!NAME.test(k)) throw new Refusal('import/bad_value', `${path}: "${k.slice(0, 40)}" is not a name the original uses`, path);
  return k;
}

/** A map of name → count. */
function counts(v: unknown, path: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(optObj(v, path))) out[name(k, path)] = count(n, `${path}.${k}`);
  return out;
}

/** A map of name → true (the original writes only true; false is read as absent). */
function flags(v: unknown, path: string, known: ReadonlySet<string>): Record<string, true> {
  const out: Record<string, true> = {};
  for (const [k, f] of Object.entries(optObj(v, path))) {
    if (!known.has(k)) throw new Refusal('import/unknown_key', `${path}: "${k.slice(0, 40)}" is not known to the original`, `${path}.${k}`);
    if (bool(f, `${path}.${k}`)) out[k] = true;
  }
  return out;
}

/** `wait` (a nested path of seconds) and `cooldown` (button → seconds): numbers at the leaves. */
function seconds(v: unknown, path: string): number {
  let n = 0;
  for (const [k, leaf] of Object.entries(optObj(v, path))) {
    if (isObj(leaf)) n += seconds(leaf, `${path}.${k}`);
    else {
      count(leaf, `${path}.${k}`, MAX_STORE, true);
      n += 1;
    }
  }
  return n;
}

// --- what the original knows ------------------------------------------------------

const PERKS = new Set([
  'boxer', 'martial artist', 'unarmed master', 'barbarian', 'slow metabolism', 'desert rat',
  'evasive', 'precise', 'scout', 'stealthy', 'gastronome',
]);
const BLUEPRINTS = new Set(FABRICATIONS.filter((f) => f.blueprint).map((f) => f.id));
/** Every store this game keeps, with its own maximum where it has one. */
const STORE_MAX = new Map<string, number>([
  ...['wood', 'fur', 'meat', 'bait', 'leather', 'cured meat', 'cloth', 'charm', 'scales', 'teeth', 'iron', 'coal', 'sulphur', 'steel', 'medicine', 'bullets', 'energy cell', 'alien alloy', 'torch', 'fleet beacon'].map(
    (id) => [id, MAX_STORE] as const,
  ),
  ...WEAPONS.map((w) => [w.id, MAX_STORE] as const),
  ...GOODS.map((g) => [g.id, g.max ?? MAX_STORE] as const),
  ...CRAFTS.map((c) => [c.id, c.max ?? MAX_STORE] as const),
  ...FABRICATIONS.map((f) => [f.id, f.max ?? MAX_STORE] as const),
]);
STORE_MAX.delete('fists');
/** What the path's outfit may hold (and the stray top-level keys may name). */
const CARRYABLE = new Set([...STORE_MAX.keys()].filter((id) => (CRAFTS.find((c) => c.id === id)?.type ?? '') !== 'upgrade'));

const TOP_KEYS = [
  'version', 'features', 'stores', 'character', 'income', 'timers', 'game', 'playStats', 'previous',
  'outfit', 'config', 'wait', 'cooldown', 'marketing',
] as const;
const LOCATIONS = ['room', 'outside', 'path', 'world', 'spaceShip', 'fabricator'] as const;
const TILE_LETTERS = new Set(Object.values(TILE_CHARS));
const WORLD_FLAGS = ['ironmine', 'coalmine', 'sulphurmine', 'ship', 'executioner', 'engineering', 'medical', 'martial'] as const;

// --- the conversion ----------------------------------------------------------------

function convert(data: unknown, seed: number): { state: GameState; notCarried: NotCarried[] } {
  if (!isObj(data) || !('version' in data || 'game' in data || 'stores' in data)) {
    throw new Refusal('import/not_original', "this is not a save code of the original game");
  }
  if ((data as { format?: unknown }).format === 'smoulder-save') {
    throw new Refusal('import/not_original', 'this is a smoulder save: bring it back with the file picker');
  }
  for (const key of Object.keys(data)) {
    if ((TOP_KEYS as readonly string[]).includes(key)) continue;
    // The original's quirk: the outfit screen also writes each item's count at the top level.
    if (CARRYABLE.has(key)) {
      count(data[key], key);
      continue;
    }
    throw new Refusal('import/unknown_key', `${key.slice(0, 40)} is not a key of the original's save`, key);
  }
  if (data.version !== 1.3) {
    throw new Refusal('import/not_original', `only saves of the original's version 1.3 can be read (this one says ${JSON.stringify(data.version ?? null).slice(0, 20)})`, 'version');
  }

  const notCarried: NotCarried[] = [{ key: 'timers' }, { key: 'milestones' }];
  const state = newGame(seed);
  const rng = state.rng;

  // features
  const features = optObj(data.features, 'features', ['location', 'executioner']);
  const location = optObj(features.location, 'features.location', LOCATIONS);
  bool(features.executioner, 'features.executioner');
  for (const l of LOCATIONS) bool(location[l], `features.location.${l}`);

  // config, play stats, marketing
  const config = optObj(data.config, 'config', ['lightsOff', 'hyperMode', 'soundOn']);
  state.config = { hyperMode: bool(config.hyperMode, 'config.hyperMode'), lightsOff: bool(config.lightsOff, 'config.lightsOff') };
  if (bool(config.soundOn, 'config.soundOn')) notCarried.push({ key: 'sound' });
  const playStats = optObj(data.playStats, 'playStats', ['audioAlertShown', 'score']);
  bool(playStats.audioAlertShown, 'playStats.audioAlertShown');
  const won = optCount(playStats.score, 'playStats.score');
  if (won > 0) notCarried.push({ key: 'score', params: { score: won } });
  const marketing = optObj(data.marketing, 'marketing', ['penrose']);
  bool(marketing.penrose, 'marketing.penrose');

  // stores
  const stores = counts(data.stores, 'stores');
  for (const [item, n] of Object.entries(stores)) {
    const max = STORE_MAX.get(item);
    if (max === undefined) {
      notCarried.push({ key: 'store', params: { name: item } });
      continue;
    }
    state.stores[item] = count(n, `stores.${item}`, max);
  }

  // character
  const character = optObj(data.character, 'character', ['perks', 'punches', 'starved', 'dehydrated', 'blueprints']);
  state.character = {
    perks: flags(character.perks, 'character.perks', PERKS),
    punches: optCount(character.punches, 'character.punches'),
    starved: optCount(character.starved, 'character.starved'),
    dehydrated: optCount(character.dehydrated, 'character.dehydrated'),
    blueprints: flags(character.blueprints, 'character.blueprints', BLUEPRINTS),
  };

  // income (recomputed below) and timers (never used by the original)
  for (const [source, entry] of Object.entries(optObj(data.income, 'income'))) {
    const path = `income.${name(source, 'income')}`;
    const e = obj(entry, path, ['delay', 'stores', 'timeLeft']);
    if (e.delay !== undefined) count(e.delay, `${path}.delay`, 3600, true);
    if (e.timeLeft !== undefined) count(e.timeLeft, `${path}.timeLeft`, 3600, true);
    for (const [res, amount] of Object.entries(optObj(e.stores, `${path}.stores`))) {
      if (typeof amount !== 'number' || !Number.isFinite(amount) || Math.abs(amount) > MAX_STORE) {
        throw new Refusal('import/bad_value', `${path}.stores.${res} should be a finite number`, `${path}.stores.${res}`);
      }
    }
  }
  if (Object.keys(optObj(data.timers, 'timers')).length > 0) seconds(data.timers, 'timers');
  if (seconds(data.wait, 'wait') > 0) notCarried.push({ key: 'wait' });
  if (seconds(data.cooldown, 'cooldown') > 0) notCarried.push({ key: 'cooldowns' });

  // game
  const game = optObj(data.game, 'game', [
    'builder', 'fire', 'temperature', 'buildings', 'population', 'workers', 'outside', 'world', 'spaceShip',
    'thieves', 'stolen', 'cityCleared', 'fabricator',
  ]);
  const builder = optObj(game.builder, 'game.builder', ['level']);
  const builderLevel = builder.level === undefined ? -1 : builder.level === -1 ? -1 : count(builder.level, 'game.builder.level', 4);
  const fire = optObj(game.fire, 'game.fire', ['value', 'text']);
  const temperature = optObj(game.temperature, 'game.temperature', ['value', 'text']);
  if (fire.text !== undefined) text(fire.text, 'game.fire.text');
  if (temperature.text !== undefined) text(temperature.text, 'game.temperature.text');
  state.room = {
    fire: optCount(fire.value, 'game.fire.value', 4) as FireLevel,
    temperature: optCount(temperature.value, 'game.temperature.value', 4) as TemperatureLevel,
    builder: builderLevel as BuilderLevel,
  };

  const buildings: Record<string, number> = {};
  for (const [id, n] of Object.entries(optObj(game.buildings, 'game.buildings'))) {
    if (!isBuildingId(id)) throw new Refusal('import/unknown_key', `game.buildings: "${id.slice(0, 40)}" is not a building of the original`, `game.buildings.${id}`);
    buildings[id] = count(n, `game.buildings.${id}`, BUILDINGS[id].max);
  }
  const population = optCount(game.population, 'game.population', HUT_CAPACITY * (buildings.hut ?? 0));
  const workers: Record<string, number> = {};
  let assigned = 0;
  for (const [id, n] of Object.entries(optObj(game.workers, 'game.workers'))) {
    const job = jobById(id);
    if (!job) throw new Refusal('import/unknown_key', `game.workers: "${id.slice(0, 40)}" is not a job of the original`, `game.workers.${id}`);
    const c = count(n, `game.workers.${id}`, population);
    if ((buildings[job.building] ?? 0) === 0) {
      if (c > 0) throw new Refusal('import/bad_value', `game.workers.${id}: no ${job.building} stands for them`, `game.workers.${id}`);
      continue; // a job left at 0 without its building stays closed
    }
    assigned += c;
    workers[id] = c;
  }
  if (assigned > population) throw new Refusal('import/bad_value', `game.workers: ${assigned} at work but only ${population} villagers`, 'game.workers');
  // Every job whose building stands is open, as building it opens it here.
  for (const job of JOBS) if ((buildings[job.building] ?? 0) > 0) workers[job.id] ??= 0;
  state.outside = { buildings, population, workers };

  const outside = optObj(game.outside, 'game.outside', ['seenForest']);
  if (bool(outside.seenForest, 'game.outside.seenForest')) state.flags.seen_forest = true;
  if (bool(game.cityCleared, 'game.cityCleared')) state.flags.cityCleared = true;
  const fabricator = optObj(game.fabricator, 'game.fabricator', ['seen']);
  if (bool(fabricator.seen, 'game.fabricator.seen')) state.flags.seen_fabricator = true;

  if (game.thieves !== undefined) {
    const t = count(game.thieves, 'game.thieves', 2);
    state.thieves.state = t as 0 | 1 | 2;
  }
  state.thieves.stolen = counts(game.stolen, 'game.stolen');

  // the features
  state.features = {
    outside: location.outside === true,
    path: location.path === true || location.world === true || (state.stores.compass ?? 0) > 0,
    fabricator: location.fabricator === true,
    ship: location.spaceShip === true,
  };

  // the world
  const world = optObj(game.world, 'game.world', ['map', 'mask', ...WORLD_FLAGS]);
  for (const f of WORLD_FLAGS) {
    // The mines stand as buildings already; the rest are lasting facts here too.
    if (bool(world[f], `game.world.${f}`) && !f.endsWith('mine')) state.flags[f] = true;
  }
  if (world.map !== undefined || world.mask !== undefined) {
    state.world = readMap(world.map, world.mask);
  } else if (state.features.path) {
    state.world = generateWorld(rng, { prestige: false, radius: state.character.perks.scout ? 4 : 2 });
  }
  if (state.world) state.features.path = true;

  // the ship
  const ship = optObj(game.spaceShip, 'game.spaceShip', ['hull', 'thrusters', 'seenShip', 'seenWarning']);
  if (bool(ship.seenShip, 'game.spaceShip.seenShip')) state.flags.seen_ship = true;
  const seenWarning = bool(ship.seenWarning, 'game.spaceShip.seenWarning');
  const hull = optCount(ship.hull, 'game.spaceShip.hull');
  const thrusters = ship.thrusters === undefined ? 1 : count(ship.thrusters, 'game.spaceShip.thrusters');
  if (state.features.ship) {
    state.ship = { hull, thrusters, seenWarning };
    state.flags.ship = true;
  }
  if (state.features.fabricator) state.flags.executioner = true;

  // prestige
  const previous = optObj(data.previous, 'previous', ['stores', 'score']);
  state.prestige.score = optCount(previous.score, 'previous.score', MAX_STORE * 100);
  if (previous.stores !== undefined) {
    if (!Array.isArray(previous.stores) || (previous.stores.length !== 0 && previous.stores.length !== SCORE_ITEMS.length)) {
      throw new Refusal('import/bad_value', `previous.stores should list ${SCORE_ITEMS.length} numbers`, 'previous.stores');
    }
    const carried = previous.stores.map((n, i) => count(n, `previous.stores[${i}]`));
    // An emptied array: the cache was claimed already.
    if (carried.length > 0) state.prestige.stores = Object.fromEntries(SCORE_ITEMS.map((s, i) => [s.item, carried[i] as number]));
  }

  // the outfit
  for (const [item, n] of Object.entries(counts(data.outfit, 'outfit'))) {
    if (!CARRYABLE.has(item)) throw new Refusal('import/unknown_key', `outfit: "${item}" cannot be carried`, `outfit.${item}`);
    if (n > 0) state.outfit[item] = n;
  }

  // what has been announced already
  state.seen = {
    buildings: Object.keys(buildings).filter((id) => (buildings[id] ?? 0) > 0 && isBuildingId(id) && !BUILDINGS[id].granted),
    crafts: CRAFTS.filter((c) => (state.stores[c.id] ?? 0) > 0).map((c) => c.id),
  };

  // time: everything due as in a new game that had just reached this point
  const t = state.timers;
  t.fireCool = state.room.fire > 0 ? TIMINGS.fireCool : null;
  t.temperature = TIMINGS.temperatureStep;
  t.builder = builderLevel >= 0 && builderLevel < 4 ? TIMINGS.builderCheck : null;
  t.forest = builderLevel >= 1 && !state.features.outside ? TIMINGS.forestAfterStranger : null;
  t.population = (buildings.hut ?? 0) > 0 ? populationDelay(rng) : null;
  t.event = eventDelay(rng);
  const due = nextTick(0);
  if (builderLevel >= 4) state.income.builder = due;
  if (state.features.outside) state.income.gatherer = due;
  for (const job of JOBS) if (job.id in workers) state.income[job.id] = due;
  if (state.thieves.state === 1) state.income.thieves = due;
  state.location = 'room';
  return { state, notCarried };
}

/** map[x][y] letters (a completed landmark with `!`) and mask[x][y] true/null into the engine's map. */
function readMap(map: unknown, mask: unknown): WorldMap {
  const grid = (v: unknown, path: string) => {
    if (!Array.isArray(v) || v.length !== WORLD_SIZE || v.some((col) => !Array.isArray(col) || col.length !== WORLD_SIZE)) {
      throw new Refusal('import/bad_value', `${path} should be ${WORLD_SIZE} columns of ${WORLD_SIZE}`, path);
    }
    return v as unknown[][];
  };
  const tiles = grid(map, 'game.world.map');
  const seen = grid(mask, 'game.world.mask');
  const done: string[] = [];
  const columns: string[] = [];
  const seenColumns: string[] = [];
  for (let x = 0; x < WORLD_SIZE; x++) {
    let column = '';
    let seenColumn = '';
    for (let y = 0; y < WORLD_SIZE; y++) {
      const path = `game.world.map[${x}][${y}]`;
      const tile = tiles[x]?.[y];
      if (typeof tile !== 'string' || !/^.!?$/.test(tile) || !TILE_LETTERS.has(tile[0] as string)) {
        throw new Refusal('import/bad_value', `${path} is not a tile of the original`, path);
      }
      const letter = tile[0] as string;
      const isVillage = x === RADIUS && y === RADIUS;
      if ((letter === TILE_CHARS.village) !== isVillage) {
        throw new Refusal('import/bad_value', `${path}: the village stands at (${RADIUS}, ${RADIUS}) and only there`, path);
      }
      column += letter;
      if (tile.length === 2) done.push(posKey(x, y));
      const m = seen[x]?.[y];
      if (m !== true && m !== null && m !== false && m !== undefined) {
        throw new Refusal('import/bad_value', `game.world.mask[${x}][${y}] should be true or null`, `game.world.mask[${x}][${y}]`);
      }
      seenColumn += m === true ? '1' : '0';
    }
    columns.push(column);
    seenColumns.push(seenColumn);
  }
  return { tiles: columns, seen: seenColumns, done };
}

/**
 * The catalogs stay complete: Polish has every English key, every key the engine can send exists,
 * every error code has words, and every message compiles in both languages.
 */
import { describe, expect, it } from 'vitest';
import {
  BUILDER_LEVELS,
  BUILDING_IDS,
  CRAFT_IDS,
  ENGINE_ERROR_CODES,
  EVENTS,
  FIRE_LEVELS,
  GOOD_IDS,
  JOBS,
  TEMPERATURE_LEVELS,
  TRAP_DROPS,
} from '@smoulder/engine';
import { ErrorCode, HttpErrorCode } from '@smoulder/protocol';
import en from './en.json';
import pl from './pl.json';
import eventsEn from './events/en.json';
import adminEn from './admin/en.json';
import worldEn from './world/en.json';
import combatEn from './combat/en.json';
import setpiecesAEn from './setpieces-a/en.json';
import setpiecesBEn from './setpieces-b/en.json';
import wastelandUiEn from './wasteland-ui/en.json';
import accountEn from './account/en.json';
import spaceEn from './space/en.json';
import executionerEn from './executioner/en.json';
import endgameEn from './endgame/en.json';
import { MESSAGES, createAppI18n, mergeCatalogs } from './i18n.ts';
import { catalogKey, errorKey } from './translate.ts';
import { type Catalog, flatten, styleProblems } from './catalog-keys.ts';

/** The main catalogs (this file checks them whole); events/ has its own test. */
const EN = flatten(en as Catalog);
const PL = flatten(pl as Catalog);
/** Everything the app loads: the main catalogs with the events' words merged in. */
const ALL_EN = flatten(MESSAGES.en as Catalog);
const ALL_PL = flatten(MESSAGES.pl as Catalog);

/** The engine's sources, read as text (vite's glob works in vitest too). */
const engineSources = Object.entries(
  import.meta.glob('../../../../packages/engine/src/**/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<
    string,
    string
  >,
).filter(([path]) => !path.endsWith('.test.ts'));

/** The server's sources: it says a few things of its own (a restart, an error frame). */
const serverSources = Object.entries(
  import.meta.glob('../../../../apps/server/src/**/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>,
).filter(([path]) => !path.endsWith('.test.ts') && !path.includes('/testing/'));

/** Arrays the engine indexes into when it builds a key, e.g. `notice.fire.${FIRE_LEVELS[level]}`. */
const KEY_PARTS: Record<string, readonly string[]> = { FIRE_LEVELS, TEMPERATURE_LEVELS, BUILDER_LEVELS };

/**
 * Every notice, error, event and title key the engine can emit, expanded from templates. Event keys
 * built from an event's id (`event.${id}.title`, …) are checked against the event data instead.
 */
function engineKeys(): { keys: Set<string>; unresolved: string[] } {
  const keys = new Set<string>();
  const unresolved: string[] = [];
  const literal = /(['"`])((?:notice|error|event|room\.title|outside\.title)\.[A-Za-z0-9_.${}[\]\s]+?)\1/g;
  for (const [path, source] of engineSources) {
    for (const match of source.matchAll(literal)) {
      const key = match[2];
      if (!key.includes('${')) {
        keys.add(key);
        continue;
      }
      if (key.startsWith('event.${')) continue;
      const template = /^([a-z0-9_.]+)\$\{\s*([A-Z_]+)\[[^\]]+\]\s*\}$/.exec(key);
      const parts = template ? KEY_PARTS[template[2]] : undefined;
      if (!template || !parts) unresolved.push(`${path}: ${key}`);
      else for (const part of parts) keys.add(`${template[1]}${part}`);
    }
  }
  return { keys, unresolved };
}

/** Everything that can sit in the stores or stand outside, from the engine's own data. */
function itemIds(): string[] {
  const ids = new Set<string>([...BUILDING_IDS, ...CRAFT_IDS, ...GOOD_IDS, ...TRAP_DROPS.map((d) => d.resource), 'wood', 'bait']);
  for (const job of JOBS) for (const resource of Object.keys(job.perWorker)) ids.add(resource);
  for (const event of EVENTS) {
    for (const scene of Object.values(event.scenes)) {
      for (const id of Object.keys(scene.reward ?? {})) ids.add(id);
      for (const button of Object.values(scene.buttons)) {
        for (const id of [...Object.keys(button.cost ?? {}), ...Object.keys(button.reward ?? {})]) ids.add(id);
      }
    }
  }
  return [...ids];
}

/** Perks the engine grants, found in its sources (`grantPerk(ctx, 'scout')`). */
function perkIds(): string[] {
  const ids = new Set<string>();
  for (const [, source] of engineSources) for (const m of source.matchAll(/grantPerk\(ctx, '([^']+)'\)/g)) ids.add(m[1]);
  return [...ids];
}

const placeholders = (message: string) => new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*\}/g)].map((m) => m[1]));

describe('catalogs', () => {
  it('en and pl have exactly the same keys', () => {
    const missing = [...EN.keys()].filter((k) => !PL.has(k));
    const extra = [...PL.keys()].filter((k) => !EN.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has no empty messages', () => {
    const empty = [...EN, ...PL].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('keys are snake_case and sorted, like the lint would have them', () => {
    expect(styleProblems(en as Catalog)).toEqual([]);
    expect(styleProblems(pl as Catalog)).toEqual([]);
  });

  it('en and pl use the same placeholders in every message', () => {
    /**
     * Messages worded differently on purpose, and every value their callers pass: Polish writes a
     * cost as "drewno: 5" (the plain name), English as "5 wood" (the name agreeing with the number).
     */
    const offered: Record<string, string[]> = { 'common.cost_item': ['amount', 'item', 'name'] };
    const differ = [...EN].flatMap(([key, message]) => {
      const en = placeholders(message);
      const pl = placeholders(PL.get(key) ?? '');
      if (key in offered) {
        const stray = [...en, ...pl].filter((p) => !offered[key].includes(p));
        return stray.length > 0 ? [`${key}: {${stray.join('}, {')}}`] : [];
      }
      const same = en.size === pl.size && [...en].every((p) => pl.has(p));
      return same ? [] : [`${key}: en {${[...en].sort().join('}, {')}} pl {${[...pl].sort().join('}, {')}}`];
    });
    expect(differ).toEqual([]);
    // The pattern finds named placeholders.
    expect(placeholders('{count} z {max}')).toEqual(new Set(['count', 'max']));
  });

  it('is lower-case throughout, like the rest of the game', () => {
    const shouting = [...EN, ...PL].filter(([, message]) => message !== message.toLocaleLowerCase()).map(([key]) => key);
    expect(shouting).toEqual([]);
  });

  it('has every notice and error key the engine emits', () => {
    const { keys, unresolved } = engineKeys();
    expect(unresolved).toEqual([]);
    expect(keys.size).toBeGreaterThan(20);
    // Spot checks that the scan finds what it should.
    for (const key of ['notice.fire.roaring', 'notice.builder.sleeping', 'notice.traps.found', 'error.cost.not_enough']) {
      expect(keys).toContain(key);
    }
    const missing = [...keys].flatMap((k) => [...(ALL_EN.has(k) ? [] : [`en: ${k}`]), ...(ALL_PL.has(k) ? [] : [`pl: ${k}`])]).sort();
    expect(missing).toEqual([]);
  });

  it('has the words of every event: title, scene texts, buttons and notices', () => {
    const needed: string[] = [];
    for (const event of EVENTS) {
      needed.push(`event.${event.id}.title`);
      for (const [sceneId, scene] of Object.entries(event.scenes)) {
        needed.push(`event.${event.id}.${sceneId}.text`);
        if (scene.notice) needed.push(scene.notice);
        // A scene that promises a later reward announces it as `event.<id>.payout`.
        if (scene.onLoad?.toString().includes('.promise(')) needed.push(`event.${event.id}.payout`);
        for (const [buttonId, button] of Object.entries(scene.buttons)) {
          needed.push(`event.${event.id}.${sceneId}.${buttonId}`);
          if (button.notice) needed.push(button.notice);
        }
      }
    }
    expect(needed.length).toBeGreaterThan(50);
    expect([...new Set(needed)].filter((k) => !ALL_EN.has(k) || !ALL_PL.has(k)).sort()).toEqual([]);
  });

  it('merges the events catalogs without clashes', () => {
    const parts = [eventsEn, adminEn, worldEn, combatEn, setpiecesAEn, setpiecesBEn, wastelandUiEn, accountEn, spaceEn, executionerEn, endgameEn] as Catalog[];
    expect(ALL_EN.size).toBe(parts.reduce((sum, part) => sum + flatten(part).size, EN.size));
    expect([...ALL_EN.keys()].some((k) => k.startsWith('event.'))).toBe(true);
    expect([...EN.keys()].some((k) => k.startsWith('event.'))).toBe(false);
    expect(() => mergeCatalogs({ a: { b: 'x' } }, { a: { b: 'y' } })).toThrow(/a\.b/);
    expect(mergeCatalogs({ a: { b: 'x' } }, { a: { c: 'y' } })).toEqual({ a: { b: 'x', c: 'y' } });
  });

  it('has words for every notice and error key the server sends itself', () => {
    const keys = new Set<string>();
    for (const [, source] of serverSources) {
      for (const match of source.matchAll(/['"`]((?:notice|error)\.[a-z0-9_]+\.[a-z0-9_.]+)['"`]/g)) keys.add(match[1]);
    }
    expect(keys).toContain('notice.server.restarting');
    // Merged catalogs: a feature's words may live in its own catalog (endgame/ has the restart's).
    expect([...keys].filter((k) => !ALL_EN.has(k) || !ALL_PL.has(k)).sort()).toEqual([]);
  });

  it('has an error.* entry for every ErrorCode and HttpErrorCode', () => {
    const codes = [...ENGINE_ERROR_CODES, ...ErrorCode.options, ...HttpErrorCode.options];
    // Merged catalogs: a feature's error words may live in its own catalog (account/ has the import's).
    const missing = [...new Set(codes)].map(errorKey).filter((k) => !ALL_EN.has(k));
    expect(missing).toEqual([]);
  });

  it('finds the perks and items it checks in the engine', () => {
    expect(perkIds()).toEqual(expect.arrayContaining(['scout', 'stealthy']));
    expect(itemIds()).toEqual(expect.arrayContaining(['trading post', 'cured meat', 'compass', 'alien alloy']));
  });

  it('names every level, item and building the views show', () => {
    const needed = [
      ...FIRE_LEVELS.map((l) => `room.fire.${l}`),
      ...TEMPERATURE_LEVELS.map((l) => `room.temperature.${l}`),
      ...BUILDER_LEVELS.map((l) => `room.builder.${l}`),
      ...['light_fire', 'stoke_fire', 'gather_wood', 'check_traps'].map((a) => `action.${a}`),
      ...['room', 'outside'].map((t) => `tab.${t}`),
      ...itemIds().map((id) => catalogKey('item', id)),
      ...['gatherer', ...JOBS.map((j) => j.id)].map((id) => catalogKey('job', id)),
      ...perkIds().map((id) => catalogKey('perk', id)),
      ...['connecting', 'connected', 'reconnecting', 'offline'].map((s) => `connection.${s}`),
    ];
    expect(needed.filter((k) => !EN.has(k))).toEqual([]);
  });

  it('gives Polish item names three plural forms and English two', () => {
    const forms = (m: string) => m.split('|').length;
    for (const [key, message] of EN) if (key.startsWith('item.')) expect([key, forms(message)]).toEqual([key, 2]);
    for (const [key, message] of PL) if (key.startsWith('item.')) expect([key, forms(message)]).toEqual([key, 3]);
  });

  it('counts nouns in plural forms: three in Polish, two (or one, "wood") in English', () => {
    const forms = (m: string) => m.split('|').length;
    const plural = [...EN.keys()].filter((key) => EN.get(key)!.includes('|') || PL.get(key)?.includes('|'));
    const wrong = plural
      .filter((key) => forms(EN.get(key)!) > 2 || forms(PL.get(key) ?? '') !== 3)
      .map((key) => `${key}: en ${forms(EN.get(key)!)}, pl ${forms(PL.get(key) ?? '')}`);
    expect(wrong).toEqual([]);
    // Names are chosen by the caller; every counted sentence says its number.
    const sentences = plural.filter((key) => !/^(item|job)\./.test(key));
    expect(sentences.length).toBeGreaterThan(4);
    for (const key of sentences) {
      const said = [...placeholders(EN.get(key)!), ...placeholders(PL.get(key)!)];
      expect(said.some((p) => ['count', 'amount', 'seconds'].includes(p)), key).toBe(true);
    }
  });

  it('says how many villagers arrive in the right Polish form', () => {
    const i18n = createAppI18n('pl');
    const arrive = (key: string, count: number) => i18n.global.t(`notice.village.${key}`, { count }, count);
    expect([2, 3, 4].map((n) => arrive('arrive_few', n))).toEqual([
      '2 zmęczone dusze chronią się w chacie.',
      '3 zmęczone dusze chronią się w chacie.',
      '4 zmęczone dusze chronią się w chacie.',
    ]);
    expect(arrive('arrive_many', 12)).toBe('spomiędzy drzew wyłania się 12 osób, by tu osiąść.');
    expect(arrive('arrive_many', 22)).toBe('spomiędzy drzew wyłaniają się 22 osoby, by tu osiąść.');
    expect(arrive('arrive_crowd', 31)).toBe('napływa 31 przybyszów. wieść o ogniu się rozeszła.');
    i18n.global.locale.value = 'en';
    expect(arrive('arrive_many', 12)).toBe('a line of 12 people trudges out of the trees to settle.');
  });

  it('every message compiles and renders in both languages', () => {
    const i18n = createAppI18n('en');
    const { t } = i18n.global;
    const named = {
      ...{ amount: 3, building: 'trap', count: 2, delta: '+2', email: 'a', items: 'fur', max: 10, min: 10, resource: 'wood' },
      ...{ seconds: 4, traps: 'traps', action: 'x', cost: 'y', item: 'z', name: 'w', perk: 'p', job: 'j', list: 'l' },
      ...{ population: 3, capacity: 8, wood: 12 },
    };
    for (const locale of ['en', 'pl'] as const) {
      i18n.global.locale.value = locale;
      for (const key of EN.keys()) {
        const text = t(key, named, 2);
        expect(text, `${locale}: ${key}`).not.toBe(key);
        expect(text, `${locale}: ${key}`).not.toMatch(/[{}]/);
      }
    }
  });
});

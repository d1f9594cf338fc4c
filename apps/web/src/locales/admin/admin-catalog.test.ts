/**
 * The admin catalogs are complete: English and Polish hold the same keys with the same
 * placeholders, every key the admin pages use exists, every milestone has a name, and every
 * message renders in both languages once merged into the app's catalogs.
 */
import { describe, expect, it } from 'vitest';
import { MILESTONE_IDS } from '@smoulder/engine';
import { ADMIN_PAGES } from '../../features/admin/route.ts';
import { createAppI18n } from '../i18n.ts';
import en from './en.json';
import pl from './pl.json';
import { type Catalog, flatten, placeholders, sorted, styleProblems, placeholderMismatches } from '../catalog-keys.ts';

const EN = flatten(en as Catalog);
const PL = flatten(pl as Catalog);

/** The admin pages' sources, read as text. */
const sources = Object.entries(
  import.meta.glob('../../features/admin/*.{ts,vue}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>,
).filter(([path]) => !path.endsWith('.test.ts'));

/** Keys built from a template in the sources, with every value the template can take. */
const TEMPLATES: Record<string, readonly string[]> = {
  'admin.page.': ADMIN_PAGES,
  'admin.overview.live.': ['connecting', 'live', 'reconnecting', 'closed'],
  'admin.overview.active.': ['daily', 'weekly', 'monthly'],
  'admin.milestone.': ['new_game', ...MILESTONE_IDS],
};

function usedKeys(): { keys: Set<string>; unresolved: string[] } {
  const keys = new Set<string>();
  const unresolved: string[] = [];
  for (const [path, source] of sources) {
    for (const match of source.matchAll(/(['"`])(admin\.[a-z0-9_.${}]+?)\1/g)) {
      const key = match[2];
      if (!key.includes('${')) {
        keys.add(key);
        continue;
      }
      const prefix = key.slice(0, key.indexOf('${'));
      const values = TEMPLATES[prefix];
      if (!values || !key.endsWith('}')) unresolved.push(`${path}: ${key}`);
      else for (const value of values) keys.add(`${prefix}${value}`);
    }
  }
  return { keys, unresolved };
}

describe('admin catalogs', () => {
  it('live under admin.* only', () => {
    expect(Object.keys(en)).toEqual(['admin']);
    expect(Object.keys(pl)).toEqual(['admin']);
  });

  it('en and pl have exactly the same keys and placeholders', () => {
    expect(sorted(PL.keys())).toEqual(sorted(EN.keys()));
    expect(placeholderMismatches(EN, PL)).toEqual([]);
  });

  it('are lower-case, non-empty, snake_case keyed and sorted', () => {
    expect(styleProblems(en as Catalog)).toEqual([]);
    expect(styleProblems(pl as Catalog)).toEqual([]);
    for (const [key, message] of [...EN, ...PL]) {
      expect(message.trim(), key).not.toBe('');
      expect(message, key).toBe(message.toLowerCase());
    }
  });

  it('name every milestone, and the start of a game', () => {
    const missing = ['new_game', ...MILESTONE_IDS].map((id) => `admin.milestone.${id}`).filter((key) => !EN.has(key));
    expect(missing).toEqual([]);
  });

  it('have every key the admin pages use, and nothing they do not', () => {
    const { keys, unresolved } = usedKeys();
    expect(unresolved).toEqual([]);
    expect(keys.size).toBeGreaterThan(50);
    expect(sorted([...keys].filter((key) => !EN.has(key)))).toEqual([]);
    expect(sorted([...EN.keys()].filter((key) => !keys.has(key)))).toEqual([]);
  });

  it('plural messages have two English forms and three Polish ones, chosen by count', () => {
    for (const [key, message] of EN) {
      if (!message.includes('|')) {
        expect(PL.get(key), key).not.toContain('|');
        continue;
      }
      expect([key, message.split('|').length, PL.get(key)!.split('|').length]).toEqual([key, 2, 3]);
      expect(placeholders(message), key).toContain('count');
    }
  });

  it('render in both languages, merged into the app catalogs', () => {
    const i18n = createAppI18n('en');
    const { t } = i18n.global;
    const named = { count: 2, since: 'x', guests: 1, accounts: 2, query: 'q', id: 'p1', time: '5 min', n: 3, hours: 1, minutes: 12, seconds: 40 };
    for (const locale of ['en', 'pl'] as const) {
      i18n.global.locale.value = locale;
      for (const key of EN.keys()) {
        const text = t(key, named, 2);
        expect(text, `${locale}: ${key}`).not.toBe(key);
        expect(text, `${locale}: ${key}`).not.toMatch(/[{}|]/);
      }
    }
    i18n.global.locale.value = 'pl';
    expect([1, 2, 5, 22].map((n) => t('admin.breakdowns.device_count', { count: n }, n))).toEqual([
      '1 urządzenie',
      '2 urządzenia',
      '5 urządzeń',
      '22 urządzenia',
    ]);
  });
});

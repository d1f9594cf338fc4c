/**
 * The endgame's catalogs (fabricator, ship, ending): English and Polish hold the same keys with the
 * same placeholders, lower-case and sorted; every key the endgame's views use exists; everything
 * renders in both languages once merged.
 */
import { describe, expect, it } from 'vitest';
import { createAppI18n, MESSAGES } from '../i18n.ts';
import { type Catalog, flatten, sorted, styleProblems, placeholderMismatches } from '../catalog-keys.ts';
import en from './en.json';
import pl from './pl.json';

const EN = flatten(en as Catalog);
const PL = flatten(pl as Catalog);
const ALL_EN = flatten(MESSAGES.en as Catalog);

const sources = Object.entries(
  import.meta.glob(['../../features/{fabricator,ship,ending}/*.{ts,vue}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>,
).filter(([path]) => !path.endsWith('.test.ts'));

describe('endgame catalogs', () => {
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

  it('has every key the endgame views use', () => {
    expect(sources.length).toBe(3);
    const used = new Set<string>();
    for (const [, source] of sources) {
      for (const m of source.matchAll(/t\('((?:fabricator|ship|ending|build|common)\.[a-z0-9_.]+)'/g)) used.add(m[1]);
      for (const m of source.matchAll(/\['(first|second|third|fourth)', \d+\]/g)) used.add(`ending.beacon.${m[1]}`);
    }
    expect(used.size).toBeGreaterThan(12);
    expect(sorted([...used].filter((key) => !ALL_EN.has(key)))).toEqual([]);
    for (const tab of ['fabricator', 'ship']) expect(ALL_EN.has(`tab.${tab}`)).toBe(true);
  });

  it('render in both languages', () => {
    const i18n = createAppI18n('en');
    const { t } = i18n.global;
    const named = { item: 'hypo', items: 'hypo', count: 5, amount: 2, score: 10, total: 20, points: 30 };
    for (const locale of ['en', 'pl'] as const) {
      i18n.global.locale.value = locale;
      for (const key of EN.keys()) {
        const text = t(key, named);
        expect(text, `${locale}: ${key}`).not.toBe(key);
        expect(text, `${locale}: ${key}`).not.toMatch(/[{}|]/);
      }
    }
  });
});

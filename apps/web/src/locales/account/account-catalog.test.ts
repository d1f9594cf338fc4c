/**
 * The account catalogs are complete: English and Polish hold the same keys with the same
 * placeholders, every key the account pages use exists (and nothing unused), every new error code
 * has words, and every message renders in both languages once merged into the app's catalogs.
 */
import { describe, expect, it } from 'vitest';
import { HttpErrorCode, NOT_CARRIED_KEYS, SNAPSHOT_REASONS } from '@smoulder/protocol';
import { ACCOUNT_PAGES } from '../../features/account/pages.ts';
import { createAppI18n, MESSAGES } from '../i18n.ts';
import { errorKey } from '../translate.ts';
import { type Catalog, flatten, sorted, styleProblems, placeholderMismatches } from '../catalog-keys.ts';
import en from './en.json';
import pl from './pl.json';

const EN = flatten(en as Catalog);
const PL = flatten(pl as Catalog);
const ALL_EN = flatten(MESSAGES.en as Catalog);

/** The files that say the words of this catalog. */
const sources = Object.entries(
  import.meta.glob(['../../features/account/*.{ts,vue}', '../../App.vue'], { query: '?raw', import: 'default', eager: true }) as Record<
    string,
    string
  >,
).filter(([path]) => !path.endsWith('.test.ts'));

const TEMPLATES: Record<string, readonly string[]> = {
  'account.pages.': ACCOUNT_PAGES,
  'account.history.reason.': SNAPSHOT_REASONS,
  'account.history.not_carried.': NOT_CARRIED_KEYS,
  'account.farewell.': ['signed_out_elsewhere', 'deleted'],
};

function usedKeys(): { keys: Set<string>; unresolved: string[] } {
  const keys = new Set<string>();
  const unresolved: string[] = [];
  for (const [path, source] of sources) {
    for (const match of source.matchAll(/(['"`])((?:account|error)\.[a-z0-9_.${}]+?)\1/g)) {
      const key = match[2];
      if (!key.includes('${')) {
        keys.add(key);
        continue;
      }
      const prefix = key.slice(0, key.indexOf('${'));
      const values = TEMPLATES[prefix];
      if (!values) unresolved.push(`${path}: ${key}`);
      else for (const value of values) keys.add(`${prefix}${value}`);
    }
  }
  return { keys, unresolved };
}

describe('account catalogs', () => {
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

  it('have every key the account pages use; every account.* key here is used', () => {
    const { keys, unresolved } = usedKeys();
    expect(unresolved).toEqual([]);
    expect(sorted([...keys].filter((key) => !ALL_EN.has(key)))).toEqual([]);
    const unused = [...EN.keys()].filter((key) => key.startsWith('account.') && !keys.has(key));
    expect(sorted(unused)).toEqual([]);
  });

  it('give words to every error code of the account routes', () => {
    const codes = HttpErrorCode.options.filter((code) => code.startsWith('import/') || ['auth/wrong_password', 'auth/confirmation_mismatch'].includes(code));
    expect(codes.length).toBe(12);
    for (const code of codes) expect(EN.has(errorKey(code)), code).toBe(true);
  });

  it('render in both languages, merged into the app catalogs', () => {
    const i18n = createAppI18n('en');
    const { t } = i18n.global;
    const named = { when: 'x', min: 10, word: 'delete', email: 'a', version: 3, hours: 1, minutes: 5 };
    for (const locale of ['en', 'pl'] as const) {
      i18n.global.locale.value = locale;
      for (const key of EN.keys()) {
        const text = t(key, named);
        expect(text, `${locale}: ${key}`).not.toBe(key);
        expect(text, `${locale}: ${key}`).not.toMatch(/[{}|]/);
      }
    }
    i18n.global.locale.value = 'pl';
    expect(t('account.history.play_time', { hours: 2, minutes: 7 })).toBe('2 h 7 min gry');
  });
});

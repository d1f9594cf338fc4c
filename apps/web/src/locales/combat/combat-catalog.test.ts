/**
 * The words of the fights (spec core/06, events/05): every encounter's title, text and leave, every
 * enemy's name and death (the encounters' and the landmarks'), every notice and refusal the combat
 * code says, in English and Polish; same keys and placeholders; Polish counts in three forms.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { ENCOUNTERS, SUPPORT_ACTIONS, WEAPONS } from '@smoulder/engine';
import { polishPlural } from '../plural.ts';
import { MESSAGES } from '../i18n.ts';
import { type Catalog, flatten, sorted, styleProblems, placeholderMismatches } from '../catalog-keys.ts';
import en from './en.json';
import pl from './pl.json';

const EN = flatten(en as Catalog);
const PL = flatten(pl as Catalog);
const ALL_EN = flatten(MESSAGES.en as Catalog);
const ALL_PL = flatten(MESSAGES.pl as Catalog);

/** The combat code's own keys, read from its sources. */
const sources = Object.values(
  import.meta.glob(['../../../../../packages/engine/src/combat/*.ts', '../../../../../packages/engine/src/events/*.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }) as Record<string, string>,
);

function needed(): Set<string> {
  const keys = new Set<string>(['combat.leave', 'error.fight.over']);
  for (const source of sources) for (const m of source.matchAll(/'((?:notice\.fight|error\.fight)\.[a-z_.]+)'/g)) keys.add(m[1]);
  for (const event of ENCOUNTERS) {
    keys.add(`event.${event.id}.title`);
    keys.add(`event.${event.id}.start.text`);
    keys.add(`event.${event.id}.start.leave`);
    const enemy = event.scenes.start.combat!;
    keys.add(`enemy.${enemy.id}.name`);
    keys.add(`enemy.${enemy.id}.death`);
  }
  for (const w of WEAPONS) keys.add(`combat.weapon.${w.id.replace(/ /g, '_')}`);
  for (const s of SUPPORT_ACTIONS) keys.add(`combat.support.${s}`);
  for (const s of ['boost', 'energised', 'enraged', 'meditation', 'shield', 'stunned', 'venomous']) keys.add(`combat.status.${s}`);
  return keys;
}

const NEEDED = needed();

describe('combat catalogs', () => {
  it('have words for everything the fights say, in both languages', () => {
    expect(NEEDED.size).toBeGreaterThan(80);
    expect([...NEEDED].filter((key) => !EN.has(key) || !PL.has(key)).sort()).toEqual([]);
  });

  it('name every enemy of every fight in the game, with its death', () => {
    // Landmark enemies live in their own catalogs; the merged one must have them all.
    const missing: string[] = [];
    const enemyIds = new Set<string>();
    for (const key of ALL_EN.keys()) if (key.startsWith('enemy.')) enemyIds.add(key.split('.')[1]);
    for (const id of enemyIds) for (const word of ['name', 'death']) if (!ALL_PL.has(`enemy.${id}.${word}`)) missing.push(`${id}.${word}`);
    expect(missing).toEqual([]);
  });

  it('hold nothing the fights do not use', () => {
    expect([...EN.keys()].filter((key) => !NEEDED.has(key))).toEqual([]);
  });

  it('en and pl have the same keys and placeholders', () => {
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

  it('render in both languages, counting damage in the right Polish form', () => {
    const i18n = createI18n({ legacy: false, locale: 'en', messages: { en, pl }, pluralRules: { pl: polishPlural } });
    const { t } = i18n.global;
    for (const locale of ['en', 'pl'] as const) {
      i18n.global.locale.value = locale;
      for (const key of EN.keys()) {
        const text = t(key, { amount: 3 }, 3);
        expect(text, `${locale}: ${key}`).not.toBe(key);
        expect(text, `${locale}: ${key}`).not.toMatch(/[{}|@]/);
      }
    }
    expect([1, 3, 5, 22].map((n) => t('notice.fight.hurt', { amount: n }, n))).toEqual([
      'obrywasz: 1 obrażenie.',
      'obrywasz: 3 obrażenia.',
      'obrywasz: 5 obrażeń.',
      'obrywasz: 22 obrażenia.',
    ]);
    i18n.global.locale.value = 'en';
    expect(t('notice.fight.hurt', { amount: 5 }, 5)).toBe('you are hit for 5.');
  });
});

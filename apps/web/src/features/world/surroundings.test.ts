import { describe, expect, it } from 'vitest';
import type { Surrounding } from '@smoulder/engine';
import { createAppI18n, type Locale } from '../../locales/i18n.ts';
import type { Translator } from '../../locales/translate.ts';
import { directionKey, surroundingPhrase, surroundingsText } from './surroundings.ts';

function translator(locale: Locale): Translator {
  const i18n = createAppI18n(locale);
  const { t, te } = i18n.global;
  return {
    t: (key, named, plural) => (plural === undefined ? t(key, named ?? {}) : t(key, named ?? {}, plural)),
    te: (key) => te(key),
    locale,
  };
}

const near: Surrounding[] = [
  { kind: 'village', steps: 14, direction: 'southeast', done: false },
  { kind: 'swamp', steps: 2, direction: 'north', done: false },
];

describe('surroundingsText', () => {
  it('says what is in sight, nearest first, and the village far off', () => {
    expect(surroundingsText(translator('en'), near)).toBe('around you: a swamp, 2 steps north; the village, far off to the south-east.');
  });

  it('says it in Polish, with the right plural of steps', () => {
    const pl = translator('pl');
    expect(surroundingsText(pl, near)).toBe('wokół ciebie: bagno, 2 kroki na północ; wioska, daleko na południowy wschód.');
    const steps = (n: number) => surroundingPhrase(pl, { kind: 'house', steps: n, direction: 'west', done: false });
    expect([1, 3, 5, 10].map(steps)).toEqual([
      'samotny dom, 1 krok na zachód',
      'samotny dom, 3 kroki na zachód',
      'samotny dom, 5 kroków na zachód',
      'samotny dom, 10 kroków na zachód',
    ]);
  });

  it('words a place underfoot, one step away, and nothing at all', () => {
    const en = translator('en');
    expect(surroundingPhrase(en, { kind: 'cave', steps: 0, direction: 'here', done: false })).toBe('a dripping cave, right underfoot');
    expect(surroundingPhrase(en, { kind: 'outpost', steps: 1, direction: 'northwest', done: false })).toBe('an outpost, 1 step north-west');
    expect(surroundingPhrase(en, { kind: 'house', steps: 2, direction: 'south', done: true })).toBe('a lone house, nothing left there, 2 steps south');
    expect(surroundingPhrase(translator('pl'), { kind: 'house', steps: 2, direction: 'south', done: true })).toBe(
      'samotny dom, nic tam już nie ma, 2 kroki na południe',
    );
    expect(surroundingsText(en, [])).toBe('nothing stands out from the waste around you.');
    expect(surroundingsText(translator('pl'), [])).toBe('w okolicy nic nie odcina się od pustkowia.');
  });

  it('reads compass points however they are spelled, and falls back to the raw words', () => {
    expect(['north-east', 'north east', 'northeast', 'North_East'].map(directionKey)).toEqual(Array(4).fill('northeast'));
    expect(surroundingPhrase(translator('en'), { kind: 'mystery', steps: 3, direction: 'up', done: false } as unknown as Surrounding)).toBe('mystery, 3 steps up');
  });
});

import { describe, expect, it } from 'vitest';
import { createAppI18n, pickLocale } from './i18n.ts';
import { polishCategory, polishPlural } from './plural.ts';
import { buildingName, catalogKey, storeLabel, costText, errorKey, itemCount, itemLabel, translateMessage, type Translator } from './translate.ts';

function translator(locale: 'en' | 'pl'): Translator {
  const i18n = createAppI18n(locale);
  const { t, te } = i18n.global;
  return {
    t: (key, named, plural) => (plural === undefined ? t(key, named ?? {}) : t(key, named ?? {}, plural)),
    te: (key) => te(key),
    locale,
  };
}

describe('locale choice', () => {
  it('prefers the remembered choice, then the browser, then English', () => {
    expect(pickLocale('pl', ['en-GB'])).toBe('pl');
    expect(pickLocale(null, ['de-DE', 'pl-PL', 'en'])).toBe('pl');
    expect(pickLocale('xx', ['en-US'])).toBe('en');
    expect(pickLocale(null, ['fr'])).toBe('en');
    expect(pickLocale(undefined, [])).toBe('en');
  });
});

describe('Polish plurals', () => {
  it('sorts numbers into one, few and many', () => {
    const cases: Array<[number, 0 | 1 | 2]> = [
      [1, 0],
      [2, 1],
      [4, 1],
      [5, 2],
      [11, 2],
      [12, 2],
      [14, 2],
      [21, 2],
      [22, 1],
      [24, 1],
      [25, 2],
      [0, 2],
      [102, 1],
      [112, 2],
      [1.5, 1],
    ];
    for (const [n, category] of cases) expect([n, polishCategory(n)]).toEqual([n, category]);
  });

  it('handles two and four form messages', () => {
    expect(polishPlural(1, 2)).toBe(0);
    expect(polishPlural(5, 2)).toBe(1);
    expect(polishPlural(0, 4)).toBe(0);
    expect(polishPlural(1, 4)).toBe(1);
    expect(polishPlural(3, 4)).toBe(2);
    expect(polishPlural(7, 4)).toBe(3);
  });

  it('counts traps like a Polish speaker through vue-i18n', () => {
    const pl = translator('pl');
    expect([1, 2, 5, 12, 22, 25].map((n) => itemCount(pl, 'trap', n))).toEqual([
      '1 pułapka',
      '2 pułapki',
      '5 pułapek',
      '12 pułapek',
      '22 pułapki',
      '25 pułapek',
    ]);
    const en = translator('en');
    expect([1, 2, 0].map((n) => itemCount(en, 'trap', n))).toEqual(['1 trap', '2 traps', '0 traps']);
  });
});

describe('engine messages in words', () => {
  it('names items as labels, and buildings in the singular', () => {
    const en = translator('en');
    const pl = translator('pl');
    expect(itemLabel(en, 'teeth')).toBe('teeth');
    expect(itemLabel(en, 'wood')).toBe('wood');
    expect(itemLabel(pl, 'fur')).toBe('futra');
    expect(itemLabel(pl, 'wood')).toBe('drewno');
    expect(buildingName(en, 'trap')).toBe('trap');
    expect(buildingName(pl, 'cart')).toBe('wóz');
    expect(itemLabel(en, 'alien_alloy')).toBe('alien alloy');
    expect([1, 5].map((n) => storeLabel(en, 'torch', n))).toEqual(['torch', 'torches']);
    expect([1, 2, 5].map((n) => storeLabel(pl, 'torch', n))).toEqual(['pochodnia', 'pochodnie', 'pochodnie']);
  });

  it('translates resource and building params and joins item lists', () => {
    const en = translator('en');
    expect(translateMessage(en, 'error.cost.not_enough', { resource: 'wood' })).toBe('not enough wood.');
    expect(translateMessage(en, 'notice.traps.found', { items: ['fur', 'meat', 'teeth'] })).toBe(
      'the snares give up fur, meat, and teeth.',
    );
    expect(translateMessage(en, 'notice.build.done', { building: 'trap' })).toContain('trap');
    const pl = translator('pl');
    expect(translateMessage(pl, 'notice.traps.found', { items: ['fur', 'scales'] })).toBe('w sidłach: futra i łuski.');
    expect(translateMessage(pl, 'error.cost.not_enough', { resource: 'wood' })).toBe('za mało: drewno.');
  });

  it('names ids with spaces, crafted items and perks', () => {
    expect(catalogKey('item', 'trading post')).toBe('item.trading_post');
    expect(catalogKey('job', 'iron miner')).toBe('job.iron_miner');
    const en = translator('en');
    expect(buildingName(en, 'trading post')).toBe('trading post');
    expect(translateMessage(en, 'notice.craft.done', { item: 'l armour' })).toBe('made at the bench: leather armour.');
    expect(translateMessage(en, 'notice.perk.learned', { perk: 'scout' })).toBe('learned: pathfinder.');
    expect(translateMessage(translator('pl'), 'notice.trade.bought', { item: 'compass' })).toBe('wymieniono na: kompas.');
    expect(translateMessage(translator('pl'), 'event.ruined_trap.start.text', { count: 3 })).toMatch(/^3 pułapki /);
  });

  it('picks plural forms by a numeric amount', () => {
    const pl = translator('pl');
    expect(translateMessage(pl, 'notice.gather.done', { amount: 10 })).toBe('przynosisz spod drzew 10 polan.');
    expect(translateMessage(pl, 'notice.gather.done', { amount: 2 })).toBe('przynosisz spod drzew 2 polana.');
    expect(translateMessage(translator('en'), 'notice.gather.done', { amount: 50 })).toBe('you haul 50 wood back from the trees.');
  });

  it('falls back for keys it does not know', () => {
    const en = translator('en');
    expect(translateMessage(en, 'notice.something.new')).toBe('notice.something.new');
    expect(translateMessage(en, 'error.unknown.thing', undefined, 'the server said no')).toBe('the server said no');
  });

  it('writes costs in each language', () => {
    expect(costText(translator('en'), { wood: 10 })).toBe('10 wood');
    expect(costText(translator('en'), { wood: 10, fur: 1 })).toBe('10 wood and 1 fur');
    expect(costText(translator('pl'), { wood: 10 })).toBe('drewno: 10');
    expect(costText(translator('en'), {})).toBe('');
  });

  it('maps error codes to catalog keys', () => {
    expect(errorKey('auth/invalid_credentials')).toBe('error.auth.invalid_credentials');
  });
});

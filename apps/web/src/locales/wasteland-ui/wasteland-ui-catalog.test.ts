/**
 * The client's own words for the path, the world and the fight: Polish has every English key with
 * the same placeholders, counted sentences have two English and three Polish forms, everything is
 * lower-case and sorted, every message renders, and every id the views word has its entry.
 */
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, SUPPORT_ACTIONS } from '@smoulder/engine';
import { createAppI18n } from '../i18n.ts';
import { type Catalog, flatten, placeholders, sorted } from '../catalog-keys.ts';
import en from './en.json';
import pl from './pl.json';

const EN = flatten(en as Catalog);
const PL = flatten(pl as Catalog);

/** Every id the views put into a key: tile kinds, compass points, armour tiers, weapons, statuses. */
const NEEDED = [
  'tab.path',
  ...['village', 'forest', 'field', 'barrens', 'road', 'outpost', 'ironmine', 'coalmine', 'sulphurmine', 'house', 'cave']
    .concat(['town', 'city', 'ship', 'borehole', 'battlefield', 'swamp', 'executioner', 'cache'])
    .map((k) => `wasteland.place.${k}`),
  ...['north', 'south', 'east', 'west', 'northeast', 'northwest', 'southeast', 'southwest'].map((d) => `wasteland.dir.${d}`),
  ...DIRECTIONS.map((d) => `wasteland.pad.${d}`),
  ...SUPPORT_ACTIONS.map((a) => `wasteland.support.${a}`),
  ...['none', 'leather', 'iron', 'steel', 'kinetic'].map((a) => `wasteland.armour.${a}`),
  ...['fists', 'bone_spear', 'iron_sword', 'steel_sword', 'bayonet', 'rifle', 'laser_rifle', 'grenade', 'bolas']
    .concat(['plasma_rifle', 'energy_blade', 'disruptor'])
    .map((w) => `wasteland.attack.${w}`),
  ...['stunned', 'shield', 'energised', 'venomous', 'enraged', 'meditation', 'boost'].map((s) => `wasteland.status.${s}`),
  ...['pockets', 'rucksack'].map((b) => `wasteland.bag.${b}`),
];

describe('wasteland-ui catalogs', () => {
  it('en and pl have the same keys, with the same placeholders', () => {
    expect(sorted(PL.keys())).toEqual(sorted(EN.keys()));
    const differ = [...EN].filter(([key, message]) => sorted(placeholders(message)).join() !== sorted(placeholders(PL.get(key)!)).join());
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  it('has words for every id the views use', () => {
    expect(NEEDED.filter((key) => !EN.has(key))).toEqual([]);
  });

  it('is lower-case, sorted snake_case, never empty', () => {
    const problems: string[] = [];
    const walk = (catalog: Catalog, path: string[]) => {
      const keys = Object.keys(catalog);
      if (keys.join() !== [...keys].sort().join()) problems.push(`${path.join('.') || '(root)'} unsorted`);
      for (const [k, v] of Object.entries(catalog)) {
        if (!/^[a-z][a-z0-9_]*$/.test(k)) problems.push([...path, k].join('.'));
        if (typeof v === 'string') {
          if (v.trim() === '' || v !== v.toLocaleLowerCase()) problems.push(`${[...path, k].join('.')}: ${v}`);
        } else walk(v, [...path, k]);
      }
    };
    walk(en as Catalog, []);
    walk(pl as Catalog, []);
    expect(problems).toEqual([]);
  });

  it('counts in two English forms and three Polish ones, always saying the number', () => {
    const forms = (m: string) => m.split('|').length;
    const counted = [...EN.keys()].filter((key) => EN.get(key)!.includes('|') || PL.get(key)!.includes('|'));
    expect(counted.length).toBeGreaterThan(1);
    for (const key of counted) {
      expect([key, forms(EN.get(key)!), forms(PL.get(key)!)]).toEqual([key, 2, 3]);
      expect(placeholders(EN.get(key)!).has('count'), key).toBe(true);
    }
  });

  it('renders every message in both languages, with Polish plurals', () => {
    const i18n = createAppI18n('en');
    const { t } = i18n.global;
    const named = { amount: 3, capacity: 20, count: 2, damage: 4, delta: '+1', dir: 'd', enemy: 'e', free: 5, hp: 7, item: 'i' };
    const all = { ...named, list: 'l', max: 10, place: 'p', things: 't', water: 6, weight: 1 };
    for (const locale of ['en', 'pl'] as const) {
      i18n.global.locale.value = locale;
      for (const key of EN.keys()) {
        const text = t(key, all, 2);
        expect(text, `${locale}: ${key}`).not.toBe(key);
        expect(text, `${locale}: ${key}`).not.toMatch(/[{}]/);
      }
    }
    i18n.global.locale.value = 'pl';
    const home = (n: number) => t('wasteland.from_home', { count: n }, n);
    expect([1, 2, 5, 12, 22].map(home)).toEqual([
      '1 krok od ognia',
      '2 kroki od ognia',
      '5 kroków od ognia',
      '12 kroków od ognia',
      '22 kroki od ognia',
    ]);
  });
});

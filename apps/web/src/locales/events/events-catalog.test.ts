/**
 * The events catalogs are complete: every title, scene text, button label and notice the event
 * content uses has words in English and Polish, both catalogs hold the same keys with the same
 * placeholders, each scene's text shows exactly the numbers the scene sets, and every message
 * renders with Polish plurals.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { EVENTS, newGame, type EventButton, type EventDef, type EventScene, type GameState } from '@smoulder/engine';
import { polishPlural } from '../plural.ts';
import en from './en.json';
import pl from './pl.json';
import { type Catalog, flatten, placeholders, sorted, styleProblems, placeholderMismatches } from '../catalog-keys.ts';

const EN = flatten(en as Catalog);
const PL = flatten(pl as Catalog);

/** What running a hook tells us: the notices it says, the payouts it promises, the numbers it shows. */
interface Heard {
  notices: string[];
  params: Set<string>;
}

type Hook = NonNullable<EventScene['onLoad']>;

/** A state where every event's hooks have something to act on. */
function busyState(): GameState {
  const state = newGame(1);
  state.stores = { wood: 5000, fur: 5000, scales: 500, teeth: 500, medicine: 10, 'cured meat': 500, torch: 5 };
  state.outside.population = 60;
  state.outside.buildings = { hut: 15, trap: 5 };
  state.flags.cityCleared = true;
  return state;
}

/** Runs `hook` against a stand-in context whose dice roll `roll` (so both sides of every chance run). */
function run(event: EventDef, scene: string, hook: Hook, roll: number, heard: Heard): void {
  const state = busyState();
  state.event = { id: event.id, scene };
  const events: Array<{ type: string; key?: string }> = [];
  const ctx = {
    state,
    now: 0,
    events,
    random: () => roll,
    randomInt: (min: number, max: number) => Math.floor(roll * (max - min + 1)) + min,
    setParams: (params: Record<string, number>) => Object.keys(params).forEach((p) => heard.params.add(p)),
    promise: (_id: string, _delay: number, _reward: unknown, notice: string) => heard.notices.push(notice),
  };
  hook(ctx as unknown as Parameters<Hook>[0]);
  for (const e of events) if (e.type === 'notice' && e.key) heard.notices.push(e.key);
}

function hear(event: EventDef, scene: string, hook: Hook | undefined, heard: Heard): void {
  if (!hook) return;
  for (const roll of [0, 0.5, 0.999]) run(event, scene, hook, roll, heard);
}

/** Every key the content needs from the events catalog, and each scene's text with the params it sets. */
function contentKeys(): { keys: Set<string>; sceneParams: Map<string, Set<string>>; otherNotices: Set<string> } {
  const keys = new Set<string>();
  const sceneParams = new Map<string, Set<string>>();
  const otherNotices = new Set<string>();
  for (const event of EVENTS) {
    keys.add(`event.${event.id}.title`);
    for (const [sceneId, scene] of Object.entries(event.scenes) as Array<[string, EventScene]>) {
      const heard: Heard = { notices: [], params: new Set() };
      hear(event, sceneId, scene.onLoad, heard);
      if (scene.notice) heard.notices.push(scene.notice);
      sceneParams.set(`event.${event.id}.${sceneId}.text`, heard.params);
      keys.add(`event.${event.id}.${sceneId}.text`);
      for (const [buttonId, button] of Object.entries(scene.buttons) as Array<[string, EventButton]>) {
        keys.add(`event.${event.id}.${sceneId}.${buttonId}`);
        if (button.notice) heard.notices.push(button.notice);
        hear(event, sceneId, button.effect, heard);
      }
      for (const notice of heard.notices) (notice.startsWith('event.') ? keys : otherNotices).add(notice);
    }
  }
  return { keys, sceneParams, otherNotices };
}

const CONTENT = contentKeys();

describe('events catalogs', () => {
  it('find every event, with its payout and log notices', () => {
    expect(EVENTS.length).toBe(17);
    for (const key of [
      'event.thief.spare.leave',
      'event.nomad.bait_tip',
      'event.wanderer_wood.payout',
      'event.wanderer_fur.payout',
      'event.hut_fire.mourned',
      'event.beast_attack.aftermath',
      'event.military_raid.aftermath',
    ]) {
      expect(CONTENT.keys).toContain(key);
    }
    // said by shared rules, so worded in the main catalog
    expect(sorted(CONTENT.otherNotices)).toEqual(['notice.path.opened', 'notice.perk.learned']);
  });

  it('have words for every title, scene, button and notice the content uses, in both languages', () => {
    const missing = [...CONTENT.keys].flatMap((key) => [
      ...(EN.has(key) ? [] : [`en: ${key}`]),
      ...(PL.has(key) ? [] : [`pl: ${key}`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('hold nothing the content does not use', () => {
    expect([...EN.keys()].filter((key) => !CONTENT.keys.has(key))).toEqual([]);
  });

  it('en and pl have exactly the same keys', () => {
    expect(sorted(PL.keys())).toEqual(sorted(EN.keys()));
  });

  it('en and pl use the same placeholders in every message', () => {
    expect(placeholderMismatches(EN, PL)).toEqual([]);
  });

  it("each scene's text shows exactly the numbers the scene sets", () => {
    for (const [key, params] of CONTENT.sceneParams) {
      expect([key, sorted(placeholders(EN.get(key) ?? ''))]).toEqual([key, sorted(params)]);
    }
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

  it('are lower-case, non-empty, snake_case keyed and sorted', () => {
    expect(styleProblems(en as Catalog)).toEqual([]);
    expect(styleProblems(pl as Catalog)).toEqual([]);
    for (const [key, message] of [...EN, ...PL]) {
      expect(message.trim(), key).not.toBe('');
      expect(message, key).toBe(message.toLowerCase());
    }
  });

  it('render in both languages with the right plural forms', () => {
    const i18n = createI18n({ legacy: false, locale: 'en', messages: { en, pl }, pluralRules: { pl: polishPlural } });
    const { t } = i18n.global;
    for (const locale of ['en', 'pl'] as const) {
      i18n.global.locale.value = locale;
      for (const key of EN.keys()) {
        for (const count of [1, 2, 5, 22]) {
          const text = t(key, { count, wood: 12 }, count);
          expect(text, `${locale}: ${key}`).not.toBe(key);
          expect(text, `${locale}: ${key}`).not.toMatch(/[{}|]/);
        }
      }
    }
    const villagers = (locale: 'en' | 'pl', count: number) => {
      i18n.global.locale.value = locale;
      return t('event.sickness.death.text', { count }, count);
    };
    expect(villagers('en', 1)).toMatch(/takes 1 villager with/);
    expect(villagers('en', 3)).toMatch(/takes 3 villagers with/);
    expect(villagers('pl', 1)).toMatch(/1 osobę\.$/);
    expect(villagers('pl', 3)).toMatch(/3 osoby\.$/);
    expect(villagers('pl', 12)).toMatch(/12 osób\.$/);
    expect(villagers('pl', 23)).toMatch(/23 osoby\.$/);
  });
});

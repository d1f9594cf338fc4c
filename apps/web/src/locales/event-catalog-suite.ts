/**
 * The checks every catalog of world events passes: words for every title, scene text, button
 * label, notice and enemy name and death the events use, in English and Polish, and nothing else;
 * the same keys and placeholders in both; lower-case, sorted, and rendering cleanly.
 */
import { expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { WORLD_EVENTS, type EventDef } from '@smoulder/engine';
import { polishPlural } from './plural.ts';
import { type Catalog, flatten, placeholderMismatches, sorted, styleProblems } from './catalog-keys.ts';

export function worldEvents(ids: readonly string[]): EventDef[] {
  return ids.map((id) => {
    const event = WORLD_EVENTS.find((e) => e.id === id);
    if (!event) throw new Error(`no world event ${id}`);
    return event;
  });
}

/** Every catalog key the events' data names. */
export function keysUsedBy(events: readonly EventDef[]): Set<string> {
  const keys = new Set<string>();
  for (const event of events) {
    keys.add(`event.${event.id}.title`);
    for (const [sceneId, scene] of Object.entries(event.scenes)) {
      keys.add(`event.${event.id}.${sceneId}.text`);
      if (scene.notice) keys.add(scene.notice);
      if (scene.combat) for (const word of ['name', 'death']) keys.add(`enemy.${scene.combat.id}.${word}`);
      for (const [buttonId, button] of Object.entries(scene.buttons)) {
        keys.add(`event.${event.id}.${sceneId}.${buttonId}`);
        if (button.notice) keys.add(button.notice);
      }
    }
  }
  return keys;
}

/** Registers the shared checks inside the caller's `describe`. */
export function itChecksEventCatalog(
  events: readonly EventDef[],
  en: Catalog,
  pl: Catalog,
  options: { distinctPolish?: boolean } = {},
): void {
  const EN = flatten(en);
  const PL = flatten(pl);
  const NEEDED = keysUsedBy(events);

  it('have words for everything the landmarks use, in both languages', () => {
    expect([...NEEDED].filter((key) => !EN.has(key) || !PL.has(key)).sort()).toEqual([]);
  });

  it('hold nothing the landmarks do not use', () => {
    expect([...EN.keys()].filter((key) => !NEEDED.has(key))).toEqual([]);
  });

  it('en and pl have the same keys and placeholders', () => {
    expect(sorted(PL.keys())).toEqual(sorted(EN.keys()));
    expect(placeholderMismatches(EN, PL)).toEqual([]);
  });

  it('are lower-case, non-empty, snake_case keyed and sorted', () => {
    expect(styleProblems(en)).toEqual([]);
    expect(styleProblems(pl)).toEqual([]);
    for (const [key, message] of [...EN, ...PL]) {
      expect(message.trim(), key).not.toBe('');
      expect(message, key).toBe(message.toLowerCase());
    }
  });

  if (options.distinctPolish) {
    it('say something different in Polish than in English', () => {
      const same = [...EN].filter(([key, message]) => PL.get(key) === message).map(([key]) => key);
      expect(same).toEqual([]);
    });
  }

  it('render in both languages', () => {
    const i18n = createI18n({ legacy: false, locale: 'en', messages: { en, pl }, pluralRules: { pl: polishPlural } });
    const { t } = i18n.global;
    for (const locale of ['en', 'pl'] as const) {
      i18n.global.locale.value = locale;
      for (const key of EN.keys()) {
        const text = t(key);
        expect(text, `${locale}: ${key}`).not.toBe(key);
        expect(text, `${locale}: ${key}`).not.toMatch(/[{}|@]/);
      }
    }
  });
}

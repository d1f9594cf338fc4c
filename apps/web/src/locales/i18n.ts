import { createI18n } from 'vue-i18n';
import en from './en.json';
import pl from './pl.json';
import eventsEn from './events/en.json';
import eventsPl from './events/pl.json';
import adminEn from './admin/en.json';
import adminPl from './admin/pl.json';
import worldEn from './world/en.json';
import worldPl from './world/pl.json';
import combatEn from './combat/en.json';
import combatPl from './combat/pl.json';
import setpiecesAEn from './setpieces-a/en.json';
import setpiecesAPl from './setpieces-a/pl.json';
import setpiecesBEn from './setpieces-b/en.json';
import setpiecesBPl from './setpieces-b/pl.json';
import wastelandUiEn from './wasteland-ui/en.json';
import wastelandUiPl from './wasteland-ui/pl.json';
import accountEn from './account/en.json';
import accountPl from './account/pl.json';
import executionerEn from './executioner/en.json';
import executionerPl from './executioner/pl.json';
import spaceEn from './space/en.json';
import spacePl from './space/pl.json';
import endgameEn from './endgame/en.json';
import endgamePl from './endgame/pl.json';
import { polishPlural } from './plural.ts';

export const LOCALES = ['en', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];

export const LOCALE_STORAGE_KEY = 'smoulder.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The remembered choice if there is one, else the first browser language we speak, else English. */
export function pickLocale(stored: string | null | undefined, languages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const language of languages) {
    const primary = language.toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

export function initialLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // storage blocked: fall back to the browser's languages
  }
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLocale(stored, languages.filter(Boolean));
}

export type Catalog = { [key: string]: string | Catalog };

/**
 * One catalog from several: the main one (en.json) and the events' words (events/en.json), which
 * are kept beside it. A key defined twice is a mistake, and throws.
 */
export function mergeCatalogs(...catalogs: Catalog[]): Catalog {
  const out: Catalog = {};
  const put = (target: Catalog, source: Catalog, path: string) => {
    for (const [key, value] of Object.entries(source)) {
      const existing = target[key];
      if (typeof value === 'string' || typeof existing === 'string') {
        if (existing !== undefined) throw new Error(`catalog key ${path}${key} is defined twice`);
        target[key] = value;
      } else {
        const child = (existing as Catalog | undefined) ?? {};
        target[key] = child;
        put(child, value, `${path}${key}.`);
      }
    }
  };
  for (const catalog of catalogs) put(out, catalog, '');
  return out;
}

export const MESSAGES = {
  en: mergeCatalogs(en, eventsEn, adminEn, worldEn, combatEn, setpiecesAEn, setpiecesBEn, wastelandUiEn, accountEn, spaceEn, executionerEn, endgameEn),
  pl: mergeCatalogs(pl, eventsPl, adminPl, worldPl, combatPl, setpiecesAPl, setpiecesBPl, wastelandUiPl, accountPl, spacePl, executionerPl, endgamePl),
};

export function createAppI18n(locale: Locale = 'en') {
  return createI18n({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: MESSAGES,
    pluralRules: { pl: polishPlural },
    missingWarn: import.meta.env.DEV,
    fallbackWarn: false,
  });
}

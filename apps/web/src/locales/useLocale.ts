import { computed, watchEffect } from 'vue';
import { useI18n } from 'vue-i18n';
import type { Cost, NoticeParams } from '@smoulder/engine';
import { LOCALE_STORAGE_KEY, LOCALES, isLocale, type Locale } from './i18n.ts';
import * as words from './translate.ts';

/** The current language, and a switch that remembers the choice. */
export function useLocale() {
  const { locale } = useI18n({ useScope: 'global' });
  const current = computed<Locale>(() => (isLocale(locale.value) ? locale.value : 'en'));

  function setLocale(next: Locale) {
    locale.value = next;
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts until reload
    }
  }

  return { locale: current, locales: LOCALES, setLocale };
}

/** Keeps <html lang> in step with the chosen language. */
export function useDocumentLanguage() {
  const { locale } = useI18n({ useScope: 'global' });
  watchEffect(() => {
    document.documentElement.lang = locale.value;
  });
}

/** Translation helpers for the engine's vocabulary, bound to the current language. */
export function useWords() {
  const { t, te, locale } = useI18n({ useScope: 'global' });
  const tr = (): words.Translator => ({
    t: (key, named, plural) => (plural === undefined ? t(key, named ?? {}) : t(key, named ?? {}, plural)),
    te: (key) => te(key),
    locale: locale.value,
  });
  return {
    t,
    message: (key: string, params?: NoticeParams, fallback?: string) => words.translateMessage(tr(), key, params, fallback),
    itemLabel: (id: string) => words.itemLabel(tr(), id),
    storeLabel: (id: string, amount: number) => words.storeLabel(tr(), id, amount),
    buildingName: (id: string) => words.buildingName(tr(), id),
    itemCount: (id: string, count: number) => words.itemCount(tr(), id, count),
    jobLabel: (id: string) => words.jobLabel(tr(), id),
    perkName: (id: string) => words.perkName(tr(), id),
    cost: (cost: Cost) => words.costText(tr(), cost),
    number: (n: number) => words.formatNumber(tr(), n),
    delta: (n: number) => words.formatDelta(tr(), n),
    list: (items: readonly string[]) => words.listOf(tr(), items),
    errorKey: words.errorKey,
    /** The helpers' translator, for wording done in plain modules (e.g. the world's surroundings). */
    translator: tr,
  };
}

/**
 * Turning the engine's keys and params into words. The engine speaks in ids ("trading post",
 * "l armour"); their names live under `item.<id>`, `job.<id>` and `perk.<id>` with spaces turned
 * to underscores. A `resource` param and list params use the plain name (`item.<id>` at its
 * plural "label" form), `building` and `item` the singular, `job` and `perk` their own names;
 * string arrays are joined with Intl.ListFormat. A numeric `count`, `amount` or `seconds` also
 * picks the message's plural form.
 */
import type { Cost, NoticeParams } from '@smoulder/engine';

export interface Translator {
  t(key: string, named?: Record<string, unknown>, plural?: number): string;
  te(key: string): boolean;
  locale: string;
}

/** Plural choice that gives the plain name: English "other", Polish "few" (nominative plural). */
const LABEL_FORM = 2;

/** Catalog key for an engine id: `catalogKey('item', 'trading post')` is `item.trading_post`. */
export function catalogKey(group: 'item' | 'job' | 'perk', id: string): string {
  return `${group}.${id.trim().toLowerCase().replace(/[\s-]+/g, '_')}`;
}

function nameOf(tr: Translator, group: 'item' | 'job' | 'perk', id: string, plural: number): string {
  const key = catalogKey(group, id);
  return tr.te(key) ? tr.t(key, {}, plural) : id.replace(/_/g, ' ');
}

/** The name of a resource as a label or in a list: "wood", "teeth", "pułapki". */
export function itemLabel(tr: Translator, id: string): string {
  return nameOf(tr, 'item', id, LABEL_FORM);
}

/** A stores row's name, agreeing with a lone item: "torch" for 1, "torches" otherwise. */
export function storeLabel(tr: Translator, id: string, amount: number): string {
  return amount === 1 ? nameOf(tr, 'item', id, 1) : itemLabel(tr, id);
}

/** One building or thing: "trap", "trading post", "pułapka". */
export function buildingName(tr: Translator, id: string): string {
  return nameOf(tr, 'item', id, 1);
}

/** A job's name as a label: "hunters", "myśliwi". */
export function jobLabel(tr: Translator, id: string): string {
  return nameOf(tr, 'job', id, LABEL_FORM);
}

export function perkName(tr: Translator, id: string): string {
  return nameOf(tr, 'perk', id, 1);
}

/** "n things" with the item's own plural form: "1 trap", "5 pułapek". */
export function itemCount(tr: Translator, id: string, count: number): string {
  return tr.t('common.count', { count: formatNumber(tr, count), item: nameOf(tr, 'item', id, count) }, count);
}

export function listOf(tr: Translator, words: readonly string[]): string {
  try {
    return new Intl.ListFormat(tr.locale, { style: 'long', type: 'conjunction' }).format(words);
  } catch {
    return words.join(', ');
  }
}

export function formatNumber(tr: Translator, n: number): string {
  try {
    return new Intl.NumberFormat(tr.locale, { maximumFractionDigits: 0 }).format(n);
  } catch {
    return String(n);
  }
}

/** A signed change per cycle: "+2", "−1". */
export function formatDelta(tr: Translator, n: number): string {
  try {
    return new Intl.NumberFormat(tr.locale, { signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(n);
  } catch {
    return n > 0 ? `+${n}` : String(n);
  }
}

const PLURAL_PARAMS = ['count', 'amount', 'seconds'] as const;

/** Named values for a message: item ids become names, id lists become "a, b and c". */
export function namedParams(tr: Translator, params: NoticeParams | undefined): Record<string, string | number> {
  const named: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) named[name] = listOf(tr, value.map((id) => itemLabel(tr, id)));
    else if (typeof value !== 'string') named[name] = value;
    else if (name === 'resource') named[name] = itemLabel(tr, value);
    else if (name === 'building' || name === 'item') named[name] = buildingName(tr, value);
    else if (name === 'job') named[name] = jobLabel(tr, value);
    else if (name === 'perk') named[name] = perkName(tr, value);
    else named[name] = value;
  }
  return named;
}

/** A notice, a refusal or an error as a sentence; an unknown key falls back to `fallback` or the key. */
export function translateMessage(tr: Translator, key: string, params?: NoticeParams, fallback?: string): string {
  if (!tr.te(key)) return fallback ?? key;
  const named = namedParams(tr, params);
  const pluralBy = PLURAL_PARAMS.map((p) => params?.[p]).find((v): v is number => typeof v === 'number');
  return pluralBy === undefined ? tr.t(key, named) : tr.t(key, named, pluralBy);
}

/** "5 wood" / "drewno: 5", joined for several resources; empty for a free action. */
export function costText(tr: Translator, cost: Cost): string {
  const parts = Object.entries(cost)
    .filter(([, amount]) => amount > 0)
    .map(([id, amount]) =>
      tr.t(
        'common.cost_item',
        {
          amount: formatNumber(tr, amount),
          item: nameOf(tr, 'item', id, amount),
          name: itemLabel(tr, id),
        },
        amount,
      ),
    );
  return listOf(tr, parts);
}

/** `error.<code>` for an HttpErrorCode or ErrorCode: "auth/invalid_credentials" → "error.auth.invalid_credentials". */
export function errorKey(code: string): string {
  return `error.${code.replace(/\//g, '.')}`;
}

/**
 * Numbers, shares, play times and dates as the admin tables print them. Pure: the words come in
 * through `t` (the catalog's `admin.duration.*`), the language through `locale`.
 */

type Translate = (key: string, named: Record<string, unknown>) => string;

/** Printed where there is no value: a play time nobody reached, a share of nothing. */
export const NONE = '—';

/** A play time cut into what is worth printing: seconds under a minute, minutes under an hour, else hours and minutes. */
export type DurationParts = { unit: 's'; seconds: number } | { unit: 'min'; minutes: number } | { unit: 'h'; hours: number; minutes: number };

export function durationParts(ms: number): DurationParts {
  const safe = Math.max(0, ms);
  const seconds = Math.round(safe / 1000);
  if (seconds < 60) return { unit: 's', seconds };
  const minutes = Math.round(safe / 60_000);
  if (minutes < 60) return { unit: 'min', minutes };
  return { unit: 'h', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** "45 s", "12 min", "1 h 12 min", "3 h"; "—" when there is no value (a milestone nobody reached). */
export function formatDuration(ms: number | null | undefined, t: Translate, locale: string): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NONE;
  const parts = durationParts(ms);
  const n = (value: number) => formatCount(value, locale);
  if (parts.unit === 's') return t('admin.duration.seconds', { seconds: n(parts.seconds) });
  if (parts.unit === 'min') return t('admin.duration.minutes', { minutes: n(parts.minutes) });
  if (parts.minutes === 0) return t('admin.duration.hours', { hours: n(parts.hours) });
  return t('admin.duration.hours_minutes', { hours: n(parts.hours), minutes: n(parts.minutes) });
}

/** A share (0.625) as a percentage in the locale's way: "62.5%", "62,5%"; "—" when it is not a number. */
export function formatPercent(share: number | null | undefined, locale: string, digits = 1): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return NONE;
  try {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(share);
  } catch {
    return `${(share * 100).toFixed(digits)}%`;
  }
}

export function formatCount(n: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
  } catch {
    return String(Math.round(n));
  }
}

/** An instant, in UTC like the date filter: "3 Dec 2026, 14:05 UTC". */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return NONE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }).format(date);
  } catch {
    return iso;
  }
}

/** A language code as words in the page's language: "pl" → "Polish (pl)"; unknown codes stay as they are. */
export function languageName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(code);
    return name && name.toLowerCase() !== code.toLowerCase() ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

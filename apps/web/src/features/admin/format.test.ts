import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../locales/i18n.ts';
import { durationParts, formatCount, formatDateTime, formatDuration, formatPercent, languageName } from './format.ts';

function words(locale: 'en' | 'pl') {
  const { t } = createAppI18n(locale).global;
  return (key: string, named: Record<string, unknown>) => t(key, named);
}

const min = 60_000;
const hour = 60 * min;

describe('play times', () => {
  it('cuts a time into seconds, minutes, or hours and minutes', () => {
    expect(durationParts(0)).toEqual({ unit: 's', seconds: 0 });
    expect(durationParts(45_400)).toEqual({ unit: 's', seconds: 45 });
    expect(durationParts(59_600)).toEqual({ unit: 'min', minutes: 1 });
    expect(durationParts(12 * min + 20_000)).toEqual({ unit: 'min', minutes: 12 });
    expect(durationParts(59 * min + 40_000)).toEqual({ unit: 'h', hours: 1, minutes: 0 });
    expect(durationParts(hour + 12 * min)).toEqual({ unit: 'h', hours: 1, minutes: 12 });
    expect(durationParts(-5)).toEqual({ unit: 's', seconds: 0 });
  });

  it('writes them like "1 h 12 min"', () => {
    const en = words('en');
    expect(formatDuration(hour + 12 * min, en, 'en')).toBe('1 h 12 min');
    expect(formatDuration(3 * hour, en, 'en')).toBe('3 h');
    expect(formatDuration(12 * min, en, 'en')).toBe('12 min');
    expect(formatDuration(45_000, en, 'en')).toBe('45 s');
    expect(formatDuration(1234 * hour + 5 * min, en, 'en')).toBe('1,234 h 5 min');
    expect(formatDuration(null, en, 'en')).toBe('—');
    expect(formatDuration(Number.NaN, en, 'en')).toBe('—');
  });

  it('in Polish too', () => {
    const pl = words('pl');
    expect(formatDuration(hour + 12 * min, pl, 'pl')).toBe('1 godz. 12 min');
    expect(formatDuration(2 * hour, pl, 'pl')).toBe('2 godz.');
    expect(formatDuration(30_000, pl, 'pl')).toBe('30 s');
  });
});

describe('shares and counts', () => {
  it('prints shares as percentages in the page language', () => {
    expect(formatPercent(0.625, 'en')).toBe('62.5%');
    expect(formatPercent(1, 'en')).toBe('100%');
    expect(formatPercent(0, 'en')).toBe('0%');
    expect(formatPercent(0.12345, 'en')).toBe('12.3%');
    expect(formatPercent(0.12345, 'en', 0)).toBe('12%');
    expect(formatPercent(0.625, 'pl')).toMatch(/^62,5\s?%$/);
    expect(formatPercent(null, 'en')).toBe('—');
    expect(formatPercent(Number.POSITIVE_INFINITY, 'en')).toBe('—');
  });

  it('groups counts by the locale', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'pl').replace(/\s/g, ' ')).toBe('12 345');
  });

  it('writes instants in UTC, and keeps what it cannot read', () => {
    expect(formatDateTime('2026-12-03T14:05:00.000Z', 'en')).toBe('Dec 3, 2026, 02:05 PM UTC');
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });

  it('names languages, and leaves codes it does not know', () => {
    expect(languageName('pl', 'en')).toBe('Polish (pl)');
    expect(languageName('pl', 'pl')).toBe('polski (pl)');
    expect(languageName('xx-not-a-code!', 'en')).toBe('xx-not-a-code!');
  });
});

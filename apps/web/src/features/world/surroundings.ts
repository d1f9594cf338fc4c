/**
 * The surroundings in words, for screen readers: "a swamp, 2 steps north; the village, far off to
 * the south-east". The engine says what is where (`surroundings(state)`); this words it.
 */
import type { Surrounding } from '@smoulder/engine';
import { formatNumber, type Translator } from '../../locales/translate.ts';

/** Beyond this many steps a place is only "far off". */
export const FAR_STEPS = 10;

/** 'north-east', 'north east' and 'northeast' all read as the catalog's `northeast`. */
export function directionKey(direction: string): string {
  return direction.toLowerCase().replace(/[\s_-]+/g, '');
}

function placeName(tr: Translator, kind: string): string {
  const key = `wasteland.place.${kind}`;
  return tr.te(key) ? tr.t(key) : kind;
}

function directionName(tr: Translator, direction: string): string {
  const key = `wasteland.dir.${directionKey(direction)}`;
  return tr.te(key) ? tr.t(key) : direction;
}

/** One place: "a swamp, 2 steps north". */
export function surroundingPhrase(tr: Translator, item: Surrounding): string {
  const name = placeName(tr, item.kind);
  const place = item.done ? tr.t('wasteland.around.spent', { place: name }) : name;
  if (item.steps <= 0 || item.direction === 'here') return tr.t('wasteland.around.here', { place });
  const dir = directionName(tr, item.direction);
  if (item.steps > FAR_STEPS) return tr.t('wasteland.around.far', { place, dir });
  return tr.t('wasteland.around.near', { place, dir, count: formatNumber(tr, item.steps) }, item.steps);
}

/** The whole sentence, nearest first; places are parted by semicolons, since each has a comma of its own. */
export function surroundingsText(tr: Translator, items: readonly Surrounding[]): string {
  if (items.length === 0) return tr.t('wasteland.around.empty');
  const sorted = [...items].sort((a, b) => a.steps - b.steps);
  return tr.t('wasteland.around.sentence', { list: sorted.map((item) => surroundingPhrase(tr, item)).join('; ') });
}

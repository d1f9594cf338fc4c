/**
 * Walking by keyboard: arrow keys and WASD (by the key's place on the keyboard, so ZQSD on an
 * AZERTY keyboard walks too). Nothing happens with a modifier held, while an event or another
 * dialog is open, or while the focus is in something that takes typing.
 */
import type { Direction } from '@smoulder/engine';

export interface KeyLike {
  key: string;
  code?: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

const BY_KEY: Record<string, Direction> = {
  ArrowUp: 'north',
  ArrowDown: 'south',
  ArrowLeft: 'west',
  ArrowRight: 'east',
};

const BY_CODE: Record<string, Direction> = { KeyW: 'north', KeyS: 'south', KeyA: 'west', KeyD: 'east' };

/** Letters as a fallback when the browser gives no physical code. */
const BY_LETTER: Record<string, Direction> = { w: 'north', s: 'south', a: 'west', d: 'east' };

/** The direction a key press walks, or null. */
export function keyDirection(event: KeyLike): Direction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key in BY_KEY) return BY_KEY[event.key];
  if (event.code) return BY_CODE[event.code] ?? null;
  return BY_LETTER[event.key.toLowerCase()] ?? null;
}

/** Whether the focus is somewhere that takes keys itself: a form field or editable text. */
export function takesTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** Whether any modal or dialog is open over the page. */
export function dialogOpen(doc: Pick<Document, 'querySelector'>): boolean {
  return doc.querySelector('dialog[open], [role="dialog"][aria-modal="true"]') !== null;
}

import { describe, expect, it } from 'vitest';
import { dialogOpen, keyDirection, takesTyping } from './keys.ts';

describe('keyDirection', () => {
  it('walks by the arrow keys', () => {
    expect(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].map((key) => keyDirection({ key }))).toEqual([
      'north',
      'south',
      'west',
      'east',
    ]);
  });

  it('walks by WASD, by where the keys sit (so ZQSD on AZERTY too)', () => {
    expect(['KeyW', 'KeyA', 'KeyS', 'KeyD'].map((code) => keyDirection({ key: 'x', code }))).toEqual(['north', 'west', 'south', 'east']);
    // AZERTY: the key in W's place types "z".
    expect(keyDirection({ key: 'z', code: 'KeyW' })).toBe('north');
    expect(keyDirection({ key: 'w', code: 'KeyZ' })).toBeNull();
    // No code (an old browser): the letters themselves, either case.
    expect(keyDirection({ key: 'W' })).toBe('north');
    expect(keyDirection({ key: 'd' })).toBe('east');
  });

  it('ignores other keys and any modifier (shortcuts stay the browser\'s)', () => {
    expect(keyDirection({ key: 'Enter', code: 'Enter' })).toBeNull();
    expect(keyDirection({ key: 'q', code: 'KeyQ' })).toBeNull();
    expect(keyDirection({ key: 'ArrowUp', altKey: true })).toBeNull();
    expect(keyDirection({ key: 'w', code: 'KeyW', ctrlKey: true })).toBeNull();
    expect(keyDirection({ key: 'd', code: 'KeyD', metaKey: true })).toBeNull();
  });
});

describe('takesTyping', () => {
  const element = (matches: string | null, editable = false) =>
    ({ isContentEditable: editable, closest: (selector: string) => (matches && selector.includes(matches) ? {} : null) }) as unknown as EventTarget;

  it('is true in form fields and editable text, false elsewhere', () => {
    expect(takesTyping(element('input'))).toBe(true);
    expect(takesTyping(element('textarea'))).toBe(true);
    expect(takesTyping(element('select'))).toBe(true);
    expect(takesTyping(element(null, true))).toBe(true);
    expect(takesTyping(element(null))).toBe(false);
    expect(takesTyping(null)).toBe(false);
    expect(takesTyping({} as EventTarget)).toBe(false);
  });
});

describe('dialogOpen', () => {
  it('looks for an open dialog or a modal', () => {
    expect(dialogOpen({ querySelector: () => null })).toBe(false);
    expect(dialogOpen({ querySelector: (s: string) => (s.includes('dialog[open]') ? ({} as Element) : null) } as Pick<Document, 'querySelector'>)).toBe(
      true,
    );
  });
});

import { KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_UP } from '@smoulder/engine';

/** Arrows and WASD (by the key's place on the board, so other layouts work too). */
const CODES: Record<string, number> = {
  ArrowUp: KEY_UP,
  KeyW: KEY_UP,
  ArrowDown: KEY_DOWN,
  KeyS: KEY_DOWN,
  ArrowLeft: KEY_LEFT,
  KeyA: KEY_LEFT,
  ArrowRight: KEY_RIGHT,
  KeyD: KEY_RIGHT,
};

export function keyBit(code: string): number {
  return CODES[code] ?? 0;
}

/** Which keys are held, from the keyboard and the on-screen pad together. */
export class HeldKeys {
  private readonly keyboard = new Set<string>();
  private pad = 0;

  /** Returns whether the key steers (so the page should not scroll on it). */
  down(code: string): boolean {
    if (!keyBit(code)) return false;
    this.keyboard.add(code);
    return true;
  }

  up(code: string): boolean {
    if (!keyBit(code)) return false;
    this.keyboard.delete(code);
    return true;
  }

  press(bit: number): void {
    this.pad |= bit;
  }

  release(bit: number): void {
    this.pad &= ~bit;
  }

  /** Everything let go (the window lost focus). */
  clear(): void {
    this.keyboard.clear();
    this.pad = 0;
  }

  get mask(): number {
    let mask = this.pad;
    for (const code of this.keyboard) mask |= keyBit(code);
    return mask;
  }
}

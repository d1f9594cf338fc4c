import type { GameState } from '../core/state.ts';
import type { SupportAction } from '../core/commands.ts';

export interface FightButton {
  /** A weapon id, or a support action. */
  id: string;
  /** Clock time it can be used again (0 when ready), and the full cooldown for a progress bar. */
  readyAt: number;
  cooldown: number;
  disabled: boolean;
}

export interface FightView {
  enemy: string;
  glyph: string;
  enemyHp: number;
  enemyMaxHp: number;
  playerHp: number;
  playerMaxHp: number;
  won: boolean;
  /** Active statuses by side, with when they end (null: until used). */
  enemyStatus: Record<string, number | null>;
  playerStatus: Record<string, number | null>;
  weapons: FightButton[];
  support: Array<FightButton & { id: SupportAction }>;
}

/** Everything the fight panel draws, judged at `now` (cooldowns). Null without a fight. */
export function fightView(_state: GameState, _now: number): FightView | null {
  return null;
}

/**
 * The fight's one-line feedback: what the last blow did, read from the change between two views
 * of the fight (health lost or mended on either side), or the newest notice the game sent since
 * the fight began.
 */
import type { LogEntry } from '../game/model.ts';

export interface FightPulse {
  enemy: string;
  enemyHp: number;
  playerHp: number;
}

export interface FeedbackLine {
  key: string;
  params: Record<string, string | number>;
}

/** What changed from `before` to `after`, as a line; null when nothing worth saying did. */
export function fightFeedback(before: FightPulse | null, after: FightPulse | null): FeedbackLine | null {
  if (!before || !after || before.enemy !== after.enemy) return null;
  if (after.enemyHp <= 0 && before.enemyHp > 0) return { key: 'wasteland.fight.fallen', params: { enemy: after.enemy } };
  const lost = before.playerHp - after.playerHp;
  if (lost > 0) return { key: 'wasteland.fight.hurt', params: { enemy: after.enemy, damage: lost } };
  const dealt = before.enemyHp - after.enemyHp;
  if (dealt > 0) return { key: 'wasteland.fight.hit', params: { damage: dealt } };
  if (lost < 0) return { key: 'wasteland.fight.mended', params: { damage: -lost } };
  return null;
}

/** An event's title said as it opens: the dialog shows it already. */
const TITLE = /^event\.[^.]+\.title$/;

/** The newest notice in the log (newest first) that arrived after `sinceId`, if any. */
export function noticeSince(log: readonly LogEntry[], sinceId: number): LogEntry | null {
  const line = log[0];
  return line && line.id > sinceId && line.kind === 'notice' && !TITLE.test(line.key) ? line : null;
}

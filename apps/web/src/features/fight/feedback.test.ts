import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../game/model.ts';
import { fightFeedback, noticeSince } from './feedback.ts';

const pulse = (enemyHp: number, playerHp: number, enemy = 'beast') => ({ enemy, enemyHp, playerHp });

describe('fightFeedback', () => {
  it('says a blow landed, a wound taken, health mended, and the enemy falling', () => {
    expect(fightFeedback(pulse(10, 10), pulse(7, 10))).toEqual({ key: 'wasteland.fight.hit', params: { damage: 3 } });
    expect(fightFeedback(pulse(7, 10), pulse(7, 6))).toEqual({ key: 'wasteland.fight.hurt', params: { enemy: 'beast', damage: 4 } });
    expect(fightFeedback(pulse(7, 2), pulse(7, 10))).toEqual({ key: 'wasteland.fight.mended', params: { damage: 8 } });
    expect(fightFeedback(pulse(2, 10), pulse(0, 9))).toEqual({ key: 'wasteland.fight.fallen', params: { enemy: 'beast' } });
  });

  it('says nothing when nothing changed, or across two fights', () => {
    expect(fightFeedback(pulse(5, 5), pulse(5, 5))).toBeNull();
    expect(fightFeedback(null, pulse(5, 5))).toBeNull();
    expect(fightFeedback(pulse(5, 5), null)).toBeNull();
    expect(fightFeedback(pulse(5, 5, 'a'), pulse(1, 5, 'b'))).toBeNull();
  });
});

describe('noticeSince', () => {
  const line = (id: number, kind: LogEntry['kind'] = 'notice'): LogEntry => ({ id, kind, key: `notice.x${id}` });

  it('is the newest notice after the given line', () => {
    expect(noticeSince([line(5), line(4)], 4)?.id).toBe(5);
    expect(noticeSince([line(4)], 4)).toBeNull();
    expect(noticeSince([line(6, 'reject')], 4)).toBeNull();
    expect(noticeSince([], 0)).toBeNull();
    // The event's own title, said as it opens, is not news in the dialog that shows it.
    expect(noticeSince([{ id: 7, kind: 'notice', key: 'event.snarling_beast.title' }], 4)).toBeNull();
    expect(noticeSince([{ id: 7, kind: 'notice', key: 'notice.fight.hit', params: { amount: 4 } }], 4)?.id).toBe(7);
  });
});

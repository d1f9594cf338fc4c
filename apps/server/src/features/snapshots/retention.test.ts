import { describe, expect, it } from 'vitest';
import { RETENTION, snapshotsToKeep, type Dated } from './retention.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = new Date('2026-12-03T12:00:00.000Z');
const ago = (ms: number, id = `s${ms}`): Dated => ({ id, createdAt: new Date(now.getTime() - ms) });
const kept = (list: Dated[]) => [...snapshotsToKeep(list, now)].sort();

describe('the save history retention policy', () => {
  it('keeps nothing of nothing', () => {
    expect(kept([])).toEqual([]);
  });

  it('keeps every snapshot of the last 24 hours', () => {
    const list = Array.from({ length: 144 }, (_, i) => ago(i * 10 * 60_000));
    expect(kept(list)).toHaveLength(144);
  });

  it('caps the last 24 hours at the newest 200', () => {
    const list = Array.from({ length: 250 }, (_, i) => ago(i * 60_000, `r${String(i).padStart(3, '0')}`));
    const keep = snapshotsToKeep(list, now);
    expect(keep.size).toBe(RETENTION.recentMax);
    expect(keep.has('r000')).toBe(true);
    expect(keep.has('r199')).toBe(true);
    expect(keep.has('r200')).toBe(false);
  });

  it('keeps the newest of each day between one and thirty days old', () => {
    // Two a day, at 10:00 and 20:00 UTC, from 2 to 29 days back.
    const list: Dated[] = [];
    for (let d = 2; d < 30; d++) {
      const day = new Date(Date.UTC(2026, 11, 3) - d * DAY);
      list.push({ id: `d${d}-am`, createdAt: new Date(day.getTime() + 10 * HOUR) });
      list.push({ id: `d${d}-pm`, createdAt: new Date(day.getTime() + 20 * HOUR) });
    }
    const keep = snapshotsToKeep(list, now);
    expect(keep.size).toBe(28);
    for (let d = 2; d < 30; d++) {
      expect(keep.has(`d${d}-pm`)).toBe(true);
      expect(keep.has(`d${d}-am`)).toBe(false);
    }
  });

  it('keeps the newest of each month past thirty days', () => {
    const list = [
      { id: 'oct-1', createdAt: new Date('2026-10-01T08:00:00Z') },
      { id: 'oct-20', createdAt: new Date('2026-10-20T08:00:00Z') },
      { id: 'oct-31', createdAt: new Date('2026-10-31T23:00:00Z') },
      { id: 'sep-2', createdAt: new Date('2026-09-02T08:00:00Z') },
      { id: 'jan-2025', createdAt: new Date('2025-01-15T08:00:00Z') },
      { id: 'jan-2025b', createdAt: new Date('2025-01-14T08:00:00Z') },
    ];
    expect(kept(list)).toEqual(['jan-2025', 'oct-31', 'sep-2']);
  });

  it('treats the three ages together: recent whole, then daily, then monthly', () => {
    const list = [ago(HOUR), ago(2 * HOUR), ago(23 * HOUR), ago(25 * HOUR), ago(26 * HOUR), ago(40 * DAY), ago(40 * DAY + HOUR)];
    const keep = snapshotsToKeep(list, now);
    expect(keep.has(`s${HOUR}`) && keep.has(`s${2 * HOUR}`) && keep.has(`s${23 * HOUR}`)).toBe(true);
    // 25 h and 26 h ago are both on 2 December (UTC): only the newer stays.
    expect(keep.has(`s${25 * HOUR}`)).toBe(true);
    expect(keep.has(`s${26 * HOUR}`)).toBe(false);
    expect(keep.has(`s${40 * DAY}`)).toBe(true);
    expect(keep.has(`s${40 * DAY + HOUR}`)).toBe(false);
  });

  it('always keeps the newest snapshot, and is stable when applied again', () => {
    const list = Array.from({ length: 400 }, (_, i) => ago(i * 7 * HOUR));
    const first = snapshotsToKeep(list, now);
    expect(first.has(`s0`)).toBe(true);
    const second = snapshotsToKeep(list.filter((s) => first.has(s.id)), now);
    expect([...second].sort()).toEqual([...first].sort());
  });

  it('counts a snapshot dated in the future as recent', () => {
    expect(kept([ago(-HOUR, 'future')])).toEqual(['future']);
  });
});

/**
 * What the admin tables show, derived from the API's answers. Pure, tested without a DOM.
 */
import type { Retention } from '@smoulder/protocol';

/** Catalog key of a milestone's name (`admin.milestone.fire_lit`). */
export function milestoneKey(id: string): string {
  return `admin.milestone.${id}`;
}

/** Each row with its share of all the rows' players (0 when there are none). */
export function withShares<T extends { players: number }>(rows: readonly T[]): Array<T & { share: number }> {
  const total = rows.reduce((sum, row) => sum + Math.max(0, row.players), 0);
  return rows.map((row) => ({ ...row, share: total > 0 ? Math.max(0, row.players) / total : 0 }));
}

/**
 * A player's milestones as one timeline per game (a player who started over has several), in the
 * order the games first appear; each keeps the API's order (oldest first).
 */
export function timelineByGame<T extends { gameId: string }>(milestones: readonly T[]): Array<{ gameId: string; milestones: T[] }> {
  const games = new Map<string, T[]>();
  for (const m of milestones) {
    const list = games.get(m.gameId);
    if (list) list.push(m);
    else games.set(m.gameId, [m]);
  }
  return [...games].map(([gameId, list]) => ({ gameId, milestones: list }));
}

export interface RetentionRow {
  week: string;
  size: number;
  /** One share per week since signup, padded with null where the cohort is too young to have it. */
  cells: Array<number | null>;
}

/** Cohorts × weeks since signup as a rectangle: as many columns as the oldest cohort has weeks. */
export function retentionMatrix(retention: Retention): { weeks: number[]; rows: RetentionRow[] } {
  const width = retention.cohorts.reduce((max, c) => Math.max(max, c.weeks.length), 0);
  return {
    weeks: Array.from({ length: width }, (_, i) => i),
    rows: retention.cohorts.map((c) => ({
      week: c.week,
      size: c.size,
      cells: Array.from({ length: width }, (_, i) => (i < c.weeks.length ? c.weeks[i] : null)),
    })),
  };
}

/** The strongest tint a retention cell gets, as a percentage of the ember colour over the paper. */
export const SHADE_MAX = 40;

/**
 * A retention cell's background: the ember colour mixed in by its share, in steps of 2 % so
 * similar shares look alike, at most SHADE_MAX % so the text on it keeps its contrast in both
 * themes. Nothing for zero, missing or nonsense values.
 */
export function retentionShade(share: number | null | undefined): { backgroundColor?: string } {
  if (share === null || share === undefined || !Number.isFinite(share) || share <= 0) return {};
  const percent = Math.round((Math.min(share, 1) * SHADE_MAX) / 2) * 2;
  if (percent === 0) return {};
  return { backgroundColor: `color-mix(in srgb, var(--ember) ${percent}%, transparent)` };
}

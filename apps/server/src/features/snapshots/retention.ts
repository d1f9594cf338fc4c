/**
 * Which snapshots of one player's save history are kept. The policy, applied by the server after
 * every new snapshot:
 *
 * - everything from the last 24 hours (at most the newest 200 of them);
 * - older than that and up to 30 days: the newest snapshot of each day (UTC);
 * - older than 30 days: the newest snapshot of each month (UTC).
 *
 * So a player who plays every day has at most about 200 + 30 + one a month, and can always go back
 * an hour, a day, a week or a season.
 */
export const RETENTION = {
  /** Kept whole for this long. */
  recentMs: 24 * 3600 * 1000,
  /** Cap on the recent ones (restores and imports also take snapshots). */
  recentMax: 200,
  /** One a day until this age, then one a month. */
  dailyMs: 30 * 24 * 3600 * 1000,
} as const;

export interface Dated {
  id: string;
  createdAt: Date;
}

/** The ids to keep out of one player's snapshots at `now`. Pure: the caller deletes the rest. */
export function snapshotsToKeep(snapshots: readonly Dated[], now: Date): Set<string> {
  const newestFirst = [...snapshots].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const keep = new Set<string>();
  const buckets = new Set<string>();
  let recent = 0;
  for (const snapshot of newestFirst) {
    const age = now.getTime() - snapshot.createdAt.getTime();
    if (age < RETENTION.recentMs) {
      // Anything dated in the future (a clock moved back) counts as recent.
      if (recent < RETENTION.recentMax) keep.add(snapshot.id);
      recent += 1;
      continue;
    }
    const iso = snapshot.createdAt.toISOString();
    const bucket = age < RETENTION.dailyMs ? `d${iso.slice(0, 10)}` : `m${iso.slice(0, 7)}`;
    if (buckets.has(bucket)) continue;
    buckets.add(bucket);
    keep.add(snapshot.id);
  }
  return keep;
}

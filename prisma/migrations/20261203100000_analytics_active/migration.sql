-- Active players by day, as a materialized rollup the server refreshes with the others (every
-- minute, REFRESH … CONCURRENTLY, hence the unique index).
--
-- A player active on day a (their previous active day p) counts as active over a window of w days
-- on the days max(a, p + w) to a + w - 1. The view keeps those +1/-1 changes by window and day, so
-- the players active over the w days ending on day D are the sum of the changes up to D.
CREATE MATERIALIZED VIEW "analytics_active_changes" AS
SELECT w."days" AS "window_days", c."day", sum(c."change")::int AS "change"
  FROM (SELECT "day", lag("day") OVER (PARTITION BY "user_id" ORDER BY "day") AS "prev" FROM "activity_days") a
 CROSS JOIN (VALUES (1), (7), (30)) w("days")
 CROSS JOIN LATERAL (VALUES (GREATEST(a."day", a."prev" + w."days"), 1), (a."day" + w."days", -1)) c("day", "change")
 GROUP BY 1, 2;

CREATE UNIQUE INDEX "analytics_active_changes_key" ON "analytics_active_changes"("window_days", "day");

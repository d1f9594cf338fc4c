-- AlterTable
ALTER TABLE "users" ADD COLUMN     "last_milestone" TEXT,
ADD COLUMN     "last_milestone_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_seen_at" TIMESTAMPTZ(3),
ADD COLUMN     "locale" TEXT;

-- AlterTable: every existing save is one game so far; it gets its id here.
ALTER TABLE "saves" ADD COLUMN     "game_id" UUID;
UPDATE "saves" SET "game_id" = gen_random_uuid();
ALTER TABLE "saves" ALTER COLUMN "game_id" SET NOT NULL;

-- CreateTable
CREATE TABLE "milestone_events" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "milestone" TEXT NOT NULL,
    "play_ms" BIGINT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "milestone_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "player_milestones" (
    "user_id" UUID NOT NULL,
    "milestone" TEXT NOT NULL,
    "game_id" UUID NOT NULL,
    "play_ms" BIGINT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "signed_up_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "player_milestones_pkey" PRIMARY KEY ("user_id","milestone")
);

-- CreateTable
CREATE TABLE "play_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),
    "device" TEXT NOT NULL,
    "locale" TEXT,

    CONSTRAINT "play_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "player_devices" (
    "user_id" UUID NOT NULL,
    "device" TEXT NOT NULL,
    "first_seen" TIMESTAMPTZ(3) NOT NULL,
    "last_seen" TIMESTAMPTZ(3) NOT NULL,
    "sessions" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "player_devices_pkey" PRIMARY KEY ("user_id","device")
);

-- CreateTable
CREATE TABLE "activity_days" (
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "signup_day" DATE NOT NULL,

    CONSTRAINT "activity_days_pkey" PRIMARY KEY ("user_id","day")
);

-- CreateIndex
CREATE INDEX "milestone_events_user_id_at_idx" ON "milestone_events"("user_id", "at");

-- CreateIndex
CREATE UNIQUE INDEX "milestone_events_game_id_milestone_key" ON "milestone_events"("game_id", "milestone");

-- CreateIndex
CREATE INDEX "player_milestones_milestone_play_ms_signed_up_at_idx" ON "player_milestones"("milestone", "play_ms", "signed_up_at");

-- CreateIndex
CREATE INDEX "play_sessions_user_id_started_at_idx" ON "play_sessions"("user_id", "started_at");

-- CreateIndex
CREATE INDEX "play_sessions_started_at_user_id_idx" ON "play_sessions"("started_at", "user_id");

-- CreateIndex
CREATE INDEX "activity_days_day_user_id_idx" ON "activity_days"("day", "user_id");

-- CreateIndex
CREATE INDEX "users_created_at_idx" ON "users"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "saves_game_id_key" ON "saves"("game_id");

-- AddForeignKey
ALTER TABLE "milestone_events" ADD CONSTRAINT "milestone_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_milestones" ADD CONSTRAINT "player_milestones_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_devices" ADD CONSTRAINT "player_devices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the games saved before milestones were recorded. Each gets its `new_game` (at the
-- save's creation) and the milestones its state remembers, dated by play time from the start but
-- never after the save's last write (the real wall time was not kept). Then the rollups.
INSERT INTO "milestone_events" ("user_id", "game_id", "milestone", "play_ms", "at")
SELECT "user_id", "game_id", 'new_game', 0, "created_at" FROM "saves";

INSERT INTO "milestone_events" ("user_id", "game_id", "milestone", "play_ms", "at")
SELECT s."user_id", s."game_id", m.key, GREATEST(0, round((m.value #>> '{}')::numeric))::bigint,
       LEAST(s."updated_at", s."created_at" + GREATEST(0, round((m.value #>> '{}')::numeric)) * interval '1 millisecond')
  FROM "saves" s
 CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(s."state"->'milestones') = 'object' THEN s."state"->'milestones' ELSE '{}'::jsonb END) m
 WHERE jsonb_typeof(m.value) = 'number' AND m.key <> 'new_game'
ON CONFLICT ("game_id", "milestone") DO NOTHING;

INSERT INTO "player_milestones" ("user_id", "milestone", "game_id", "play_ms", "at", "signed_up_at")
SELECT DISTINCT ON (e."user_id", e."milestone") e."user_id", e."milestone", e."game_id", e."play_ms", e."at", u."created_at"
  FROM "milestone_events" e JOIN "users" u ON u."id" = e."user_id"
 ORDER BY e."user_id", e."milestone", e."at", e."id";

UPDATE "users" u SET "last_milestone" = l."milestone", "last_milestone_at" = l."at"
  FROM (SELECT DISTINCT ON ("user_id") "user_id", "milestone", "at" FROM "milestone_events"
         ORDER BY "user_id", "at" DESC, "play_ms" DESC, "id" DESC) l
 WHERE u."id" = l."user_id";

UPDATE "users" u SET "last_seen_at" = s."updated_at" FROM "saves" s WHERE s."user_id" = u."id";

INSERT INTO "activity_days" ("user_id", "day", "signup_day")
SELECT DISTINCT s."user_id", (t AT TIME ZONE 'UTC')::date, (u."created_at" AT TIME ZONE 'UTC')::date
  FROM "saves" s JOIN "users" u ON u."id" = s."user_id"
 CROSS JOIN LATERAL (VALUES (s."created_at"), (s."updated_at")) v(t);

-- Materialized rollups by signup day, refreshed by the server every minute (REFRESH … CONCURRENTLY,
-- hence the unique indexes): players by guest/account, language and number of devices; and, for
-- retention, the players of each signup day active in each week since (week n = days 7n to 7n+6).
CREATE MATERIALIZED VIEW "analytics_signups_daily" AS
SELECT (u."created_at" AT TIME ZONE 'UTC')::date AS "day",
       u."email" IS NULL AS "guest",
       COALESCE(u."locale", 'unknown') AS "locale",
       COALESCE(d."devices", 0)::int AS "devices",
       count(*)::int AS "players"
  FROM "users" u
  LEFT JOIN (SELECT "user_id", count(*)::int AS "devices" FROM "player_devices" GROUP BY "user_id") d ON d."user_id" = u."id"
 GROUP BY 1, 2, 3, 4;

CREATE UNIQUE INDEX "analytics_signups_daily_key" ON "analytics_signups_daily"("day", "guest", "locale", "devices");

CREATE MATERIALIZED VIEW "analytics_retention_daily" AS
SELECT "signup_day", (("day" - "signup_day") / 7)::int AS "week", count(DISTINCT "user_id")::int AS "players"
  FROM "activity_days"
 WHERE "day" >= "signup_day"
 GROUP BY 1, 2;

CREATE UNIQUE INDEX "analytics_retention_daily_key" ON "analytics_retention_daily"("signup_day", "week");

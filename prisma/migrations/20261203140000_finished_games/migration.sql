-- CreateTable
CREATE TABLE "finished_games" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "score" BIGINT NOT NULL,
    "total" BIGINT NOT NULL,
    "beacon" BOOLEAN NOT NULL,
    "play_ms" BIGINT NOT NULL,
    "prestige" JSONB NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "finished_games_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "finished_games_game_id_key" ON "finished_games"("game_id");

-- CreateIndex
CREATE INDEX "finished_games_user_id_finished_at_idx" ON "finished_games"("user_id", "finished_at");

-- AddForeignKey
ALTER TABLE "finished_games" ADD CONSTRAINT "finished_games_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

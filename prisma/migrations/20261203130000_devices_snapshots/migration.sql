-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "device" TEXT NOT NULL DEFAULT 'unknown';

-- CreateTable
CREATE TABLE "game_snapshots" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "state_version" INTEGER NOT NULL,
    "play_ms" BIGINT NOT NULL,
    "last_milestone" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "game_snapshots_user_id_created_at_idx" ON "game_snapshots"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "game_snapshots" ADD CONSTRAINT "game_snapshots_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


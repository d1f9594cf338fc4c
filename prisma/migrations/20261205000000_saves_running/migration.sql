-- A game's clock keeps running between writes, and what its timers do meanwhile follows from the
-- stored state and the time alone. A save written while its game ran says by whom, where the clock
-- stood and at what rate; a process that loads it after that process died runs the game on to the
-- last moment the dead process was seen alive (server_heartbeats), so timer-only changes need not
-- be written within the second that commands are.
ALTER TABLE "saves"
  ADD COLUMN "running_on" UUID,
  ADD COLUMN "running_clock" DOUBLE PRECISION,
  ADD COLUMN "running_rate" REAL;

-- One row per server process, its last sign of life, refreshed a few times a second. Unlogged: a
-- database crash empties it, and a process that cannot be found is simply not replayed.
CREATE UNLOGGED TABLE "server_heartbeats" (
    "process_id" UUID NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "server_heartbeats_pkey" PRIMARY KEY ("process_id")
);

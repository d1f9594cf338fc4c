-- A save's state is written whole, about twice a second per active player, and read only when its
-- game loads: nothing queries inside it. Stored as `json` (the text, checked) instead of `jsonb` (a
-- parsed binary form), each write skips the conversion, which made batched saves the largest part
-- of Postgres's work under load.
ALTER TABLE "saves" ALTER COLUMN "state" SET DATA TYPE JSON USING "state"::json;

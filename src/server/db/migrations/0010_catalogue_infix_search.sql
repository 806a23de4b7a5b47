-- Catalogue search also finds a word inside words ("meter" in "Multimeter") through trigrams
-- (decision 016, 2026-11-26). pg_trgm is a trusted extension (PostgreSQL 13+): the database's
-- owner, or any role with CREATE on the database, may create it. Where the store's role may not,
-- an administrator runs `CREATE EXTENSION pg_trgm;` in the store's database once, before this
-- migration (README, Configuration). PGlite loads the extension in src/server/db/client.ts.
-- Adding the stored column rewrites the tools table once, like 0007.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("tools"."name" || ' ' || "tools"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_search_trgm_idx" ON "tools" USING gin ("search_text" gin_trgm_ops);

ALTER TABLE "store_settings" ADD COLUMN "seeded_at" timestamp with time zone;--> statement-breakpoint
-- A store that already has tools or reviews has been seeded (or filled by its owner): never again.
UPDATE "store_settings" SET "seeded_at" = now() WHERE EXISTS (SELECT 1 FROM "tools") OR EXISTS (SELECT 1 FROM "reviews");

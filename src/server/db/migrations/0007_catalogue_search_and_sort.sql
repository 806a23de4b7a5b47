ALTER TABLE "tools" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "tools"."name" || ' ' || "tools"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_price_id_idx" ON "tools" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "tools_name_id_idx" ON "tools" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_document");
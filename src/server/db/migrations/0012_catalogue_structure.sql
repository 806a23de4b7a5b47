CREATE SEQUENCE "public"."tool_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" is null or "categories"."parent_id" <> "categories"."id")
);--> statement-breakpoint
CREATE TABLE "category_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "tool_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "tool_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"tool_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "top_category_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "specs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Existing tools (a store upgraded from before categories) go into one category, "General", made only
-- when there are tools to hold; a new store's seed makes the demo categories itself.
INSERT INTO "categories" ("slug", "name", "position") SELECT 'general', 'General', 0 WHERE EXISTS (SELECT 1 FROM "tools");--> statement-breakpoint
UPDATE "tools" SET "category_id" = (SELECT "id" FROM "categories" WHERE "slug" = 'general'), "top_category_id" = (SELECT "id" FROM "categories" WHERE "slug" = 'general');--> statement-breakpoint
-- Each existing tool gets an SKU from the sequence new tools without one use (TH-01001, ...), in the
-- catalogue's order, its main photo as its first photo, and an address made from its name (letters
-- and digits, the rest as single hyphens), cut between words to 80 characters as the store cuts a
-- new tool's (catalogue/slugs.ts: with the suffix below it stays within the 120 an address may
-- have), and never in an id's shape (GET /api/items/{id or address} would read it as an id); when
-- two names make the same one, the later one's ends with a part of its id.
WITH words AS (
	SELECT "id", "created_at", trim(both '-' from lower(regexp_replace("name", '[^A-Za-z0-9]+', '-', 'g'))) AS w FROM "tools"
), cut AS (
	SELECT "id", "created_at",
		CASE WHEN length(w) <= 80 THEN w
			ELSE trim(both '-' from coalesce(nullif(regexp_replace(left(w, 80), '-[^-]*$', ''), ''), left(w, 80))) END AS w
	FROM words
), numbered AS (
	SELECT "id", nextval('tool_sku_seq') AS n,
		CASE WHEN w = '' THEN 'tool'
			WHEN w ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN w || '-tool'
			ELSE w END AS base
	FROM (SELECT "id", w FROM cut ORDER BY "created_at", "id") AS ordered
), slugs AS (
	SELECT "id", n, base, row_number() OVER (PARTITION BY base ORDER BY n) AS k FROM numbered
)
UPDATE "tools" SET
	"sku" = 'TH-' || lpad(slugs.n::text, 5, '0'),
	"slug" = CASE WHEN slugs.k = 1 THEN slugs.base ELSE slugs.base || '-' || left(replace("tools"."id"::text, '-', ''), 8) END,
	"photos" = jsonb_build_array("tools"."image")
FROM slugs WHERE slugs."id" = "tools"."id";--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "top_category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" drop column "search_document";--> statement-breakpoint
ALTER TABLE "tools" drop column "search_text";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "tools"."name" || ' ' || "tools"."sku" || ' ' || "tools"."description")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("tools"."name" || ' ' || "tools"."sku" || ' ' || "tools"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "tools_search_trgm_idx" ON "tools" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_slug_redirects" ADD CONSTRAINT "category_slug_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_documents" ADD CONSTRAINT "tool_documents_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_documents" ADD CONSTRAINT "tool_documents_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_slug_redirects" ADD CONSTRAINT "tool_slug_redirects_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_position_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_idx" ON "categories" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "tool_documents_tool_idx" ON "tool_documents" USING btree ("tool_id","position");--> statement-breakpoint
CREATE INDEX "tool_slug_redirects_tool_idx" ON "tool_slug_redirects" USING btree ("tool_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_top_category_id_categories_id_fk" FOREIGN KEY ("top_category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_idx" ON "tools" USING btree (upper("sku"));--> statement-breakpoint
CREATE INDEX "tools_category_created_idx" ON "tools" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tools_category_price_idx" ON "tools" USING btree ("category_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "tools_category_name_idx" ON "tools" USING btree ("category_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "tools_top_category_created_idx" ON "tools" USING btree ("top_category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tools_top_category_price_idx" ON "tools" USING btree ("top_category_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "tools_top_category_name_idx" ON "tools" USING btree ("top_category_id",lower("name"),"id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_slug_unique" UNIQUE("slug");

CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoice_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counter_one_row" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_email" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text NOT NULL,
	"company_address" text NOT NULL,
	"tax_id" text,
	"notify_email" text,
	"low_stock_threshold" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_one_row" CHECK ("store_settings"."id" = 1),
	CONSTRAINT "store_settings_low_stock_non_negative" CHECK ("store_settings"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
-- Orders so far are numbered in the order they were placed; new ones take the next.
UPDATE "orders" SET "number" = "numbered"."number"
  FROM (SELECT "id", nextval('order_number_seq') AS "number" FROM (SELECT "id" FROM "orders" ORDER BY "created_at", "id") AS "by_age") AS "numbered"
  WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "order_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" is null or "orders"."status" in ('pending', 'shipped', 'expired', 'refunded'));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_low_stock_threshold_non_negative" CHECK ("tools"."low_stock_threshold" is null or "tools"."low_stock_threshold" >= 0);--> statement-breakpoint
-- The owner's settings start as the company the store was built for; the owner edits them.
INSERT INTO "store_settings" ("id", "company_name", "company_address") VALUES (1, 'ToolHouse Manufacturing', '1450 Foundry Road, Dayton, OH 45402, USA');--> statement-breakpoint
-- Every order so far gets its timeline from what its row says.
INSERT INTO "order_events" ("order_id", "kind", "at", "actor_email", "details")
  SELECT "id", 'placed', "created_at", "email", NULL FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "at", "actor_email", "details")
  SELECT "id", 'paid', "paid_at", "email", jsonb_build_object('transactionId', "transaction_id") FROM "orders" WHERE "paid" AND "paid_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "at", "actor_email", "details")
  SELECT "id", 'shipped', "shipped_at", NULL, NULL FROM "orders" WHERE "shipped_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "at", "actor_email", "details")
  SELECT "id", 'expired', "expired_at", NULL, NULL FROM "orders" WHERE "expired_at" IS NOT NULL;--> statement-breakpoint
-- Every paid order so far gets its invoice, numbered in the order they were paid.
INSERT INTO "invoices" ("order_id", "number", "issued_at", "seller", "buyer")
  SELECT "o"."id", row_number() OVER (ORDER BY "o"."paid_at", "o"."id"), coalesce("o"."paid_at", "o"."created_at"),
    jsonb_build_object('name', 'ToolHouse Manufacturing', 'address', '1450 Foundry Road, Dayton, OH 45402, USA', 'taxId', NULL),
    jsonb_build_object('name', "o"."name", 'email', "o"."email", 'address', "o"."address", 'phone', "o"."phone", 'companyName', "u"."company_name", 'taxId', "u"."tax_id")
  FROM "orders" "o" JOIN "user" "u" ON "u"."id" = "o"."user_id" WHERE "o"."paid";--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "next") SELECT 1, coalesce(max("number"), 0) + 1 FROM "invoices";
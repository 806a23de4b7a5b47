CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"name" text NOT NULL,
	"percent_milli" integer NOT NULL,
	CONSTRAINT "tax_rates_percent_range" CHECK ("tax_rates"."percent_milli" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_percent_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: orders placed before tax had no tax, so their subtotal is their total.
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
UPDATE "orders" SET "subtotal_cents" = "total_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_destination_idx" ON "tax_rates" USING btree ("country",coalesce("region", ''));
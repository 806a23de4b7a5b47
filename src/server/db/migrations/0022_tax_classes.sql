-- Tax classes (decision 048): a tool is standard, reduced or exempt, a rate is set per destination
-- and class, and an order line keeps its tool's class. Every tool, rate and line before this is
-- standard, so every order and price stays as it was. Adding a column with a constant default
-- rewrites no table on PostgreSQL 11+.
DROP INDEX "tax_rates_destination_idx";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_destination_idx" ON "tax_rates" USING btree ("country",coalesce("region", ''),"tax_class");--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_class" CHECK ("tax_rates"."tax_class" in ('standard', 'reduced'));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_tax_class" CHECK ("tools"."tax_class" in ('standard', 'reduced', 'exempt'));

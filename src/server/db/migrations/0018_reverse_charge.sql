ALTER TABLE "orders" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_id" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "review_reverse_charge" boolean DEFAULT false NOT NULL;
CREATE TABLE "credit_note_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "credit_note_counter_one_row" CHECK ("credit_note_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_number" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_number_invoices_number_fk" FOREIGN KEY ("invoice_number") REFERENCES "public"."invoices"("number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Orders refunded before credit notes existed get theirs now, numbered in the order they were refunded and dated then, so every refund has one.
INSERT INTO "credit_notes" ("order_id", "number", "issued_at", "invoice_number", "seller", "buyer")
SELECT o."id", row_number() OVER (ORDER BY o."refunded_at", o."number"), coalesce(o."refunded_at", now()), i."number", i."seller", i."buyer"
FROM "orders" o JOIN "invoices" i ON i."order_id" = o."id"
WHERE o."status" = 'refunded';--> statement-breakpoint
INSERT INTO "credit_note_counter" ("id", "next") SELECT 1, coalesce(max("number"), 0) + 1 FROM "credit_notes";

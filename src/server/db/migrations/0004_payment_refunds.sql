CREATE TABLE "payment_refunds" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"buyer_email" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_status_known" CHECK ("payment_refunds"."status" in ('pending', 'refunded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "refunded_at" timestamp with time zone;
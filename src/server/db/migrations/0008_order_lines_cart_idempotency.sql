CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" smallint NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"tool_id" uuid,
	"product_name" text NOT NULL,
	"product_image" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_price_non_negative" CHECK ("order_lines"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_quantity_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_price_non_negative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_tool_id_tools_id_fk";
--> statement-breakpoint
DROP INDEX "orders_holding_tool_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_cents" integer;--> statement-breakpoint
-- Every order so far had one tool: it becomes the order's one line, and its amount the order's total.
INSERT INTO "order_lines" ("order_id", "position", "tool_id", "product_name", "product_image", "description", "price_cents", "quantity")
  SELECT "id", 0, "tool_id", "product_name", "product_image", "description", "price_cents", "quantity" FROM "orders";--> statement-breakpoint
UPDATE "orders" SET "total_cents" = "price_cents" * "quantity";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET NOT NULL;--> statement-breakpoint
-- Unpaid orders held their units off sale until now; from here on a payment takes the stock
-- (decision 019), so what they held goes back on sale.
UPDATE "tools" SET "available_qty" = "tools"."available_qty" + "held"."quantity"
  FROM (SELECT "tool_id", sum("quantity")::int AS "quantity" FROM "orders"
        WHERE "paid" = false AND "status" IS NULL AND "tool_id" IS NOT NULL GROUP BY "tool_id") AS "held"
  WHERE "tools"."id" = "held"."tool_id";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_lines_tool_idx" ON "order_lines" USING btree ("tool_id");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tool_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_image";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "price_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_non_negative" CHECK ("orders"."total_cents" >= 0);
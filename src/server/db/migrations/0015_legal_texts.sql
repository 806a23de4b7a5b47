CREATE TABLE "legal_text_versions" (
	"page" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "legal_text_versions_page_version_pk" PRIMARY KEY("page","version")
);
--> statement-breakpoint
CREATE TABLE "legal_texts" (
	"page" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_texts_page_known" CHECK ("legal_texts"."page" in ('terms', 'privacy', 'returns', 'imprint')),
	CONSTRAINT "legal_texts_version_positive" CHECK ("legal_texts"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "legal_text_versions" ADD CONSTRAINT "legal_text_versions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
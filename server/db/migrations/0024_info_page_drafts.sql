CREATE TABLE "info_page_drafts" (
	"page_id" integer PRIMARY KEY NOT NULL,
	"slug_cs" text NOT NULL,
	"slug_en" text,
	"title_cs" text NOT NULL,
	"title_en" text,
	"body_cs" text DEFAULT '' NOT NULL,
	"body_en" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "info_pages" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Every page there was is public today: it stays published, as of its last change.
UPDATE "info_pages" SET "published_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "info_page_drafts" ADD CONSTRAINT "info_page_drafts_page_id_info_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."info_pages"("id") ON DELETE cascade ON UPDATE no action;
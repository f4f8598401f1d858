CREATE TABLE "listing_submissions" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"fee_base_minor" bigint NOT NULL,
	"fee_discount_percent" integer DEFAULT 0 NOT NULL,
	"fee_minor" bigint NOT NULL,
	"fee_paid_at" timestamp with time zone,
	"relisted_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_submissions_fee_base_minor_check" CHECK ("listing_submissions"."fee_base_minor" >= 0),
	CONSTRAINT "listing_submissions_fee_minor_check" CHECK ("listing_submissions"."fee_minor" >= 0),
	CONSTRAINT "listing_submissions_fee_discount_percent_check" CHECK ("listing_submissions"."fee_discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "listing_submissions" ADD CONSTRAINT "listing_submissions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_submissions" ADD CONSTRAINT "listing_submissions_relisted_from_id_products_id_fk" FOREIGN KEY ("relisted_from_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_submissions_relisted_from_id_idx" ON "listing_submissions" USING btree ("relisted_from_id");
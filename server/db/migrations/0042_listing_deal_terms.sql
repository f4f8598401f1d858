CREATE TABLE "listing_deal_terms" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"pays_through_site" boolean DEFAULT false NOT NULL,
	"delivery_options" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_deal_terms_delivery_options_check" CHECK (jsonb_typeof("listing_deal_terms"."delivery_options") = 'array' and jsonb_array_length("listing_deal_terms"."delivery_options") between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "listing_deal_terms" ADD CONSTRAINT "listing_deal_terms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
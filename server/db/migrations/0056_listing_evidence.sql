CREATE TABLE "listing_evidence" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"fill_level" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_evidence_fill_level_check" CHECK ("listing_evidence"."fill_level" in ('in_neck', 'base_of_neck', 'very_top_shoulder', 'top_shoulder', 'upper_shoulder', 'mid_shoulder', 'low_shoulder'))
);
--> statement-breakpoint
CREATE TABLE "listing_evidence_photos" (
	"product_id" integer NOT NULL,
	"slot" text NOT NULL,
	"image_id" integer NOT NULL,
	CONSTRAINT "listing_evidence_photos_pkey" PRIMARY KEY("product_id","slot"),
	CONSTRAINT "listing_evidence_photos_slot_check" CHECK ("listing_evidence_photos"."slot" in ('front_label', 'back_label', 'capsule_seal', 'fill_level', 'batch_code', 'box'))
);
--> statement-breakpoint
ALTER TABLE "moderation_reports" DROP CONSTRAINT "moderation_reports_reason_check";--> statement-breakpoint
ALTER TABLE "listing_evidence" ADD CONSTRAINT "listing_evidence_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_evidence_photos" ADD CONSTRAINT "listing_evidence_photos_product_id_listing_evidence_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."listing_evidence"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_evidence_photos" ADD CONSTRAINT "listing_evidence_photos_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_evidence_photos_image_id_idx" ON "listing_evidence_photos" USING btree ("image_id");--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reason_check" CHECK ("moderation_reports"."reason" in ('illegal_goods', 'counterfeit', 'minors', 'prohibited_product', 'fraud', 'offensive', 'spam', 'intellectual_property', 'suspected_fake', 'other'));
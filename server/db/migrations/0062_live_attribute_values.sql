CREATE TABLE "live_attribute_values" (
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"category_id" integer NOT NULL,
	"text_value" text,
	"match_key" text,
	"number_value" double precision,
	"bool_value" boolean,
	CONSTRAINT "live_attribute_values_pkey" PRIMARY KEY("product_id","key")
);
--> statement-breakpoint
CREATE INDEX "live_attribute_values_text_idx" ON "live_attribute_values" USING btree ("key","match_key","category_id","product_id");--> statement-breakpoint
CREATE INDEX "live_attribute_values_number_idx" ON "live_attribute_values" USING btree ("key","category_id","number_value","product_id");--> statement-breakpoint
-- The live listings' values from the values there are (ADR 0098); from here on the triggers in
-- server/db/sql/triggers/live_attribute_values.sql keep them.
INSERT INTO live_attribute_values (product_id, key, category_id, text_value, match_key, number_value, bool_value)
SELECT v.product_id, v.key, p.category_id, v.text_value, v.match_key, v.number_value, v.bool_value
FROM listing_attribute_values v JOIN products p ON p.id = v.product_id
WHERE p.status = 'active';

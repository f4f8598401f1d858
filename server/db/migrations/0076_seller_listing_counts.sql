CREATE TABLE "seller_listing_counts" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The seller counts (ADR 0137) follow every write to products by the triggers in
-- server/db/sql/triggers/seller_listing_counts.sql; here they start from the products there are.
INSERT INTO seller_listing_counts (seller_id, active, sold)
SELECT seller_id, count(*) FILTER (WHERE status = 'active')::int, count(*) FILTER (WHERE status = 'sold')::int
FROM products WHERE status IN ('active', 'sold') AND seller_id IS NOT NULL
GROUP BY seller_id;

-- Issue 40 (ADR 0134): a listing page's newest live products per category read from the index
-- alone. The page statement's lateral reads per category (listing-queries.ts) return the id, the
-- promotion key (topped_until, demoted_at) and the newest key (coalesce(activation_at,
-- created_at)); PostgreSQL cannot take an expression's columns from an expression index, so each
-- of the up to 24 rows of each category was fetched from the table (about 590 of a category
-- page's 950 buffers at 100 000 products). With the columns included the reads are Index Only
-- Scans. None of them is a column a bid writes, so a bid's update stays HOT (ADR 0053).
DROP INDEX IF EXISTS "products_listing_newest_idx";--> statement-breakpoint
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree ("category_id",coalesce("activation_at", "created_at") desc,"id")
	INCLUDE ("activation_at", "created_at", "topped_until", "demoted_at")
	WHERE "products"."status" = 'active';--> statement-breakpoint
DROP INDEX IF EXISTS "products_listing_promoted_newest_idx";--> statement-breakpoint
CREATE INDEX "products_listing_promoted_newest_idx" ON "products" USING btree ("category_id",coalesce("activation_at", "created_at") desc,"id")
	INCLUDE ("activation_at", "created_at", "topped_until", "demoted_at")
	WHERE "products"."status" = 'active' and "products"."topped_until" is not null;

-- Issue 18: a bid's update of its auction's row becomes a HOT update (ADR 0053).
-- products_listing_idx and products_auction_listing_idx included current_price_minor and
-- bid_count, which every accepted bid changes: each bid's update was never HOT, so it wrote a new
-- entry into every one of products' 17 indexes and left a dead one in each, all under the
-- auction's row lock. The listings now read a copy of the two columns, listed_price_minor and
-- listed_bid_count, which the indexes include instead; a bid (bid_decision(), unchanged) writes
-- only the live columns, which no index holds, and the copy is brought up to date within about a
-- second by bid_listed_copy() (the bidding service calls it after a hot auction's bids; one
-- non-HOT update a second instead of one per bid). Inserts copy the live values (a trigger only on
-- insert: a BEFORE UPDATE row trigger would make PostgreSQL recompute search_vector on every
-- update of products).
ALTER TABLE "products" ADD COLUMN "listed_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listed_bid_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "products_listing_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_auction_listing_idx";--> statement-breakpoint

-- The copy of the rows there are, by a rewrite of the table (USING computes the new columns from
-- the live ones), then the table in the order of its ids, which the newest hits' block range index
-- and their reads by stretches of ids rely on (ADR 0045). An UPDATE would have moved every auction
-- with bids to the table's end (at 100 000 products the correlation of id and block fell from 1.00
-- to 0.58), and a CLUSTER in the same transaction keeps the old versions; the rewrite alone keeps
-- the table's order but not the order of ids within its pages (a search's newest hits read 16 %
-- more pages). Both take the table's exclusive lock, about a minute at 100 000 products on a
-- loaded machine.
ALTER TABLE "products"
	ALTER COLUMN "listed_price_minor" TYPE bigint USING "current_price_minor",
	ALTER COLUMN "listed_bid_count" TYPE integer USING "bid_count";
--> statement-breakpoint
CLUSTER "products" USING "products_pkey";
--> statement-breakpoint

-- Inserts copy the live values by the trigger in server/db/sql/triggers/listed_copy.sql, the
-- bidding service by server/db/sql/functions/bid_listed_copy.sql.
-- (ADR 0064: functions, triggers and views live once, in server/db/sql/, and are applied after the migrations.)

-- As in migration 0001, with the copy in place of the live columns.
CREATE INDEX IF NOT EXISTS "products_listing_idx" ON "products" ("status", "category_id")
	INCLUDE ("id", "format", "type", "topped_until", "activation_at", "created_at", "ends_at", "listed_bid_count",
		"price_minor", "start_price_minor", "listed_price_minor", "original_price_minor", "is_price_sale_active",
		"auction_duration", "brand_id", "package_id", "seller_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_auction_listing_idx" ON "products" ("status", "auction_duration", "category_id")
	INCLUDE ("id", "format", "type", "topped_until", "activation_at", "created_at", "ends_at", "listed_bid_count",
		"start_price_minor", "listed_price_minor", "brand_id", "package_id", "seller_id")
	WHERE "format" = 'auction';

-- Catalogue listings and search (issue 4): full-text search over products.search_text (lower-cased, unaccented
-- text that code fills: server/modules/catalog/search-text.ts), typo tolerance through trigrams.
-- unaccent() is not IMMUTABLE, so no index uses it: queries use it (category names in suggestions).
-- PGlite loads both extensions in server/db/client.ts; PostgreSQL 13+ treats them as trusted.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint

-- The vocabulary of the catalogue: every word (tsvector lexeme with a letter) of search_text, with
-- a trigram index. A query word that no catalogue word starts with is replaced by the words that
-- contain it ("allan" -> "macallan") or, failing that, by the nearest words that code accepts as
-- typos ("zakapa" -> "zacapa"); full-text search then runs with those. A trigram index on
-- search_text itself would do the same at a far higher price (140 MB for 100 000 products, against
-- a few hundred kB here). Triggers keep it filled; words are never removed (a stale one only finds
-- no product).
CREATE TABLE IF NOT EXISTS "search_words" (
	"word" text COLLATE "C" PRIMARY KEY
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint

-- The triggers that keep it filled live in server/db/sql/triggers/search_words.sql.
-- (ADR 0064: functions, triggers and views live once, in server/db/sql/, and are applied after the migrations.)

INSERT INTO search_words (word)
SELECT DISTINCT lexeme
FROM products, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, products.search_text))) AS lexeme
WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[a-z]'
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- Listings (category pages, auction lists, new, sale): one covering index answers the filters and
-- every sort from the index alone (status, then the category branch; the rest included), so a big
-- category is a scan of compact index entries and a top-N sort, not a visit to every row.
CREATE INDEX IF NOT EXISTS "products_listing_idx" ON "products" ("status", "category_id")
	INCLUDE ("id", "format", "type", "topped_until", "activation_at", "created_at", "ends_at", "bid_count",
		"price_minor", "start_price_minor", "current_price_minor", "original_price_minor", "is_price_sale_active",
		"auction_duration", "brand_id", "package_id", "seller_id");
--> statement-breakpoint

-- The auction lists (/denni-aukce, /mesicni-aukce: live auctions of one duration, any category)
-- scan only auctions, not every live product.
CREATE INDEX IF NOT EXISTS "products_auction_listing_idx" ON "products" ("status", "auction_duration", "category_id")
	INCLUDE ("id", "format", "type", "topped_until", "activation_at", "created_at", "ends_at", "bid_count",
		"start_price_minor", "current_price_minor", "brand_id", "package_id", "seller_id")
	WHERE "format" = 'auction';

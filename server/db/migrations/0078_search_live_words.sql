-- The words of the live listings (ADR 0147): a query word of a live search is written as the live
-- words that start with it, where search_words and search_other_words hold every word the
-- catalogue ever had ("12" starts 108 words at 1 000 000 listings, the archive's cask numbers; 1 of
-- them is in a live listing). A word is marked when a listing having it goes live or is edited
-- while live (triggers/search_live_words.sql, `marked_at` refreshed when older than 30 minutes) and
-- dropped at night when no live listing has it any more and it was not marked in the last hour
-- (functions/search_live_words_prune.sql). The words of the listings live now, once:
CREATE TABLE IF NOT EXISTS "search_live_words" (
	"word" text COLLATE "C" PRIMARY KEY,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO search_live_words (word)
SELECT DISTINCT lexeme
FROM products, unnest(tsvector_to_array(products.search_vector)) AS lexeme
WHERE products.status = 'active'
ON CONFLICT DO NOTHING;

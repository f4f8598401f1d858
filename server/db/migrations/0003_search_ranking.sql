-- Search speed at 100 000 products (ADR 0002).
--
-- 1. Search reads live products only. A GIN index over every product made the planner pair it with
--    a status index (a bitmap AND over some 65 000 live rows, most of a search's time); a partial
--    index implies the status, so the full-text match alone picks the rows, and it is a third
--    smaller, which every edit of search_text pays for. Queries name the status as a literal.
-- 2. Ranking (query words found in the names) read the names from the head of search_text with
--    to_tsvector for every hit: unpacking the long, compressed text and parsing it cost several
--    times the match itself. search_name holds the names normalised in code
--    (productSearchName); ranking compares it with LIKE.
DROP INDEX IF EXISTS "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing rows: search_text begins with the names (productSearchText), so its head is their
-- normalised form; letters outside ASCII that SQL's classes miss are fixed by refreshSearchText.
UPDATE "products" SET "search_name" = btrim(regexp_replace(
	left("search_text", length("name_cs") + coalesce(length("name_en") + 1, 0)), '[^[:alnum:]]+', ' ', 'g'))
WHERE "search_name" = '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_active_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, "search_text")) WHERE "products"."status" = 'active';

-- Search parses each product's text once, when it is written (ADR 0038). The GIN index was on the
-- expression to_tsvector(search_text): every query parsed each hit's text again to recheck it (all
-- rows of a page once the bitmap goes lossy above work_mem: a common word at 1M products), and the
-- planner had no statistics of the words, so it guessed a common word rare. A stored generated
-- column keeps the vector beside the row; no code writes it, so it cannot disagree with
-- search_text. strip(): no positions (search uses no phrase operators and no ts_rank), a third of
-- the size. STORAGE MAIN: kept compressed in the row, not moved to the TOAST table before the
-- descriptions are, so checking a row reads no second relation.
DROP INDEX IF EXISTS "products_search_active_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (strip(to_tsvector('simple'::regconfig, search_text))) STORED,
	ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector") WHERE "products"."status" = 'active';

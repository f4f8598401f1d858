-- Issue 18: the search vocabulary holds every word of the catalogue (ADR 0054). A query word is
-- matched as the start of a word; when the catalogue has few words starting with it, search now
-- asks the full-text index for those words exactly ("23" -> 23 | 230 | 23cl) instead of the
-- prefix (23:*). The GIN index answers a prefix by collecting the posting lists of every word
-- starting with it before anything is combined, which at 1 000 000 products took 10 to 15 ms for
-- "ron zacapa 23"; exact words are combined as they are read, skipping ahead (1.3 to 1.5 ms). That
-- gives the same products only if no word is missing here, and 0001 left out words without a
-- letter ("23", "0.7") and words shorter than 3 or longer than 40 characters. The typo look-ups
-- (search-plan.ts) still choose among the words 0001 kept (`typo`), so their stand-ins are
-- unchanged; their trigram index covers only those, and the planner, knowing from the column's
-- statistics that nearly every word is one, still reads the nearest words in the index's order.
ALTER TABLE "search_words" ADD COLUMN "typo" boolean
	GENERATED ALWAYS AS (length("word") BETWEEN 3 AND 40 AND "word" ~ '[a-z]') STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "search_words_word_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_typo_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops) WHERE "typo";--> statement-breakpoint

CREATE OR REPLACE FUNCTION "search_words_from_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_words (word)
	SELECT DISTINCT lexeme
	FROM inserted_rows, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, inserted_rows.search_text))) AS lexeme
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "search_words_from_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_words (word)
	SELECT DISTINCT lexeme
	FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, NEW.search_text))) AS lexeme
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint

-- The words 0001 left out, from the stored vectors (the same lexemes, already parsed).
INSERT INTO search_words (word)
SELECT DISTINCT lexeme
FROM products, unnest(tsvector_to_array(products.search_vector)) AS lexeme
WHERE NOT (length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[a-z]')
ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE "search_words";
--> statement-breakpoint

-- A common word's newest hits ("rum": a fifth of the live products) are read by walking ids
-- backwards and checking each row (ADR 0045). Through the primary key the walk also fetched, and
-- checked the text of, every product that is not live (a third of them at 100 000); this index
-- holds only the products search can find, so the walk reads those alone.
CREATE INDEX IF NOT EXISTS "products_searchable_id_idx" ON "products" ("id")
	WHERE "status" = 'active' AND "demoted_at" IS NULL;

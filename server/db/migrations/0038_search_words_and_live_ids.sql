-- Issue 18: the search vocabulary knows every word of the catalogue (ADR 0054). A query word is
-- matched as the start of a word; when the catalogue has few words starting with it, a search of
-- several words now asks the full-text index for those words exactly ("23" -> 23 | 230 | 23cl)
-- instead of the prefix (23:*). The GIN index answers a prefix by collecting the posting lists of
-- every word starting with it before anything is combined, which at 1 000 000 products took 10 to
-- 15 ms for "ron zacapa 23"; exact words are combined as they are read, skipping ahead (1.3 to
-- 1.5 ms). That finds the same products only if no word is missing, and search_words (0001) leaves
-- out words without a letter ("23", "0.7") and words shorter than 3 or longer than 40 characters.
-- Those go to search_other_words: search_words, its trigram index and so the typo look-ups
-- (search-plan.ts) stay as they were.
CREATE TABLE IF NOT EXISTS "search_other_words" (
	"word" text COLLATE "C" PRIMARY KEY
);--> statement-breakpoint

-- The triggers put every new word in one of the two tables: server/db/sql/triggers/search_words.sql.
-- (ADR 0064: functions, triggers and views live once, in server/db/sql/, and are applied after the migrations.)

-- The words search_words left out, from the stored vectors (the same lexemes, already parsed).
INSERT INTO search_other_words (word)
SELECT DISTINCT lexeme
FROM products, unnest(tsvector_to_array(products.search_vector)) AS lexeme
WHERE NOT (length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[a-z]')
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- A common word's newest hits ("rum": a fifth of the live products) are read by walking ids
-- backwards and checking each row (ADR 0045). Through the primary key the walk also fetched, and
-- checked the text of, every product that is not live (a third of them at 100 000); this index
-- holds only the products search can find, so the walk reads those alone.
CREATE INDEX IF NOT EXISTS "products_searchable_id_idx" ON "products" ("id")
	WHERE "status" = 'active' AND "demoted_at" IS NULL;

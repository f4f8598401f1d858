-- The live listings' words (ADR 0147, migration 0078), marked whoever writes products: when a
-- listing is inserted live, goes live, or has its text changed while live. A word already marked in
-- the last 30 minutes is left alone, so a common word is written at most twice an hour and a
-- listing going live waits on nobody; the night's prune (functions/search_live_words_prune.sql)
-- keeps a word marked in the last hour, so a listing going live while it runs keeps its words.
-- Words are upserted in their order, so two writers never lock the same words in opposite orders.
CREATE OR REPLACE FUNCTION "search_live_words_from_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_live_words AS w (word)
	SELECT DISTINCT lexeme
	FROM inserted_rows, unnest(tsvector_to_array(inserted_rows.search_vector)) AS lexeme
	WHERE inserted_rows.status = 'active'
	ORDER BY lexeme
	ON CONFLICT (word) DO UPDATE SET marked_at = now() WHERE w.marked_at < now() - interval '30 minutes';
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "search_live_words_from_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_live_words AS w (word)
	SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(NEW.search_vector)) AS lexeme
	ORDER BY lexeme
	ON CONFLICT (word) DO UPDATE SET marked_at = now() WHERE w.marked_at < now() - interval '30 minutes';
	RETURN NULL;
END
$$;

-- A statement-level trigger for inserts (the seeds insert hundreds of rows per statement) and a
-- row-level one for a listing going live or its text changing while live (not for bids and views).
CREATE OR REPLACE TRIGGER "products_search_live_words_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS inserted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION search_live_words_from_inserted();
CREATE OR REPLACE TRIGGER "products_search_live_words_update" AFTER UPDATE OF "status", "search_text" ON "products"
	FOR EACH ROW WHEN (NEW.status = 'active'
		AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.search_text IS DISTINCT FROM NEW.search_text))
	EXECUTE FUNCTION search_live_words_from_updated();

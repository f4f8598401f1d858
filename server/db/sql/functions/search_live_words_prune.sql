-- Drops the live words (ADR 0147, migration 0078) no live listing has any more, each looked up in
-- the live listings' search index, and returns how many. A word marked in the last hour stays (a
-- listing going live meanwhile marks its words, triggers/search_live_words.sql): the table may hold
-- a word too many, never one too few. Run at night by the listings' sweep (server/modules/listings/jobs.ts).
CREATE OR REPLACE FUNCTION search_live_words_prune() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	removed integer;
BEGIN
	DELETE FROM search_live_words w
	WHERE w.marked_at < now() - interval '1 hour'
		AND NOT EXISTS (
			SELECT 1 FROM products p
			WHERE p.status = 'active'
				-- The word as one quoted lexeme of a tsquery (a backslash or a quote escaped).
				AND p.search_vector @@ ('''' || replace(replace(w.word, '\', '\\'), '''', '''''') || '''')::tsquery
		);
	GET DIAGNOSTICS removed = ROW_COUNT;
	RETURN removed;
END
$$;

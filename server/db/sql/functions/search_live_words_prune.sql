-- Drops the live words (ADR 0147, migration 0078) no live listing has any more, each looked up in
-- the live listings' search index: the next 500 words after `after`, so that each call is a short
-- transaction (a listing going live with a word being dropped waits for that call only). Returns
-- how many were dropped and the last word looked at (null when none was left): the caller calls
-- again from there. A word marked in the last hour stays (a listing going live meanwhile marks its
-- words, triggers/search_live_words.sql): the table may hold a word too many, never one too few.
-- Run at night by the listings' sweep (server/modules/listings/jobs.ts).
CREATE OR REPLACE FUNCTION search_live_words_prune(after text) RETURNS TABLE (removed integer, last_word text)
LANGUAGE plpgsql AS $$
BEGIN
	SELECT max(b.word) INTO last_word FROM (
		SELECT w.word FROM search_live_words w WHERE w.word > after ORDER BY w.word LIMIT 500
	) b;
	DELETE FROM search_live_words w
	WHERE w.word > after AND w.word <= last_word
		AND w.marked_at < now() - interval '1 hour'
		AND NOT EXISTS (
			SELECT 1 FROM products p
			WHERE p.status = 'active'
				-- The word as one quoted lexeme of a tsquery (a backslash or a quote escaped).
				AND p.search_vector @@ ('''' || replace(replace(w.word, '\', '\\'), '''', '''''') || '''')::tsquery
		);
	GET DIAGNOSTICS removed = ROW_COUNT;
	RETURN NEXT;
END
$$;

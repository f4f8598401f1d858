-- The live words (ADR 0147, migration 0078; triggers/search_live_words.sql keeps them), everything
-- again from the live listings (after a bulk load without triggers, or to repair).
CREATE OR REPLACE FUNCTION search_live_words_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM search_live_words;
	INSERT INTO search_live_words (word)
	SELECT DISTINCT lexeme
	FROM products, unnest(tsvector_to_array(products.search_vector)) AS lexeme
	WHERE products.status = 'active';
END
$$;

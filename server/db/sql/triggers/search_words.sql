-- The vocabulary of the catalogue (ADR 0054, ADR 0057): every word of products.search_text, kept
-- by these triggers whoever writes products. Words with a letter, 3 to 40 characters long, go to
-- search_words (with its trigram index, for a query word's completions and typos); the others
-- ("23", "0.7") to search_other_words. Words are never removed (a stale one only finds no product).
CREATE OR REPLACE FUNCTION "search_words_from_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	WITH lexemes AS (
		SELECT DISTINCT lexeme
		FROM inserted_rows, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, inserted_rows.search_text))) AS lexeme
	), words AS (
		INSERT INTO search_words (word)
		SELECT lexeme FROM lexemes WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[a-z]'
		ON CONFLICT DO NOTHING
	)
	INSERT INTO search_other_words (word)
	SELECT lexeme FROM lexemes WHERE NOT (length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[a-z]')
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "search_words_from_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	WITH lexemes AS (
		SELECT DISTINCT lexeme
		FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, NEW.search_text))) AS lexeme
	), words AS (
		INSERT INTO search_words (word)
		SELECT lexeme FROM lexemes WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[a-z]'
		ON CONFLICT DO NOTHING
	)
	INSERT INTO search_other_words (word)
	SELECT lexeme FROM lexemes WHERE NOT (length(lexeme) BETWEEN 3 AND 40 AND lexeme ~ '[a-z]')
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;

-- One statement-level trigger for inserts (the seeds insert hundreds of rows per statement) and a
-- row-level one for the rare edit of the text (bids and view counts update products constantly).
CREATE OR REPLACE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS inserted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_inserted();
CREATE OR REPLACE TRIGGER "products_search_words_update" AFTER UPDATE OF "search_text" ON "products"
	FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
	EXECUTE FUNCTION search_words_from_updated();

-- The live listings' counts per category, attribute and value (ADR 0104) follow every write to
-- the live values (ADR 0098), whoever makes it: per statement, from its transition tables, so a
-- listing's handful of values (or a bulk rebuild's millions) is one aggregate. Rows are added in
-- key order, so two writers meet on the same rows in the same order (no deadlock). A count that
-- falls to 0 keeps its row (readers ask n > 0): deleting it could race a writer adding to it.
CREATE OR REPLACE FUNCTION live_attribute_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO live_attribute_counts AS c (category_id, key, value, number_value, text_value, n)
	SELECT category_id, key, coalesce(match_key, number_value::text), min(number_value), min(text_value), count(*)::int
	FROM inserted_rows WHERE match_key IS NOT NULL OR number_value IS NOT NULL
	GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT ON CONSTRAINT live_attribute_counts_pkey DO UPDATE SET
		n = c.n + excluded.n, text_value = least(c.text_value, excluded.text_value);
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_attribute_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO live_attribute_counts AS c (category_id, key, value, number_value, text_value, n)
	SELECT category_id, key, coalesce(match_key, number_value::text), min(number_value), null, -count(*)::int
	FROM deleted_rows WHERE match_key IS NOT NULL OR number_value IS NOT NULL
	GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT ON CONSTRAINT live_attribute_counts_pkey DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;

-- An update (a value edited, a listing moved to another category): the old rows out, the new in,
-- summed per key first (one statement may not update a row twice).
CREATE OR REPLACE FUNCTION live_attribute_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO live_attribute_counts AS c (category_id, key, value, number_value, text_value, n)
	SELECT category_id, key, value, min(number_value), min(text_value), sum(n)::int
	FROM (
		SELECT category_id, key, coalesce(match_key, number_value::text) AS value, number_value, text_value, 1 AS n
		FROM updated_new WHERE match_key IS NOT NULL OR number_value IS NOT NULL
		UNION ALL
		SELECT category_id, key, coalesce(match_key, number_value::text), number_value, null, -1
		FROM updated_old WHERE match_key IS NOT NULL OR number_value IS NOT NULL
	) d
	GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
	ON CONFLICT ON CONSTRAINT live_attribute_counts_pkey DO UPDATE SET
		n = c.n + excluded.n, text_value = least(c.text_value, excluded.text_value);
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_attribute_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM live_attribute_counts;
	RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "live_attribute_values_counts_insert" AFTER INSERT ON "live_attribute_values"
	REFERENCING NEW TABLE AS inserted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION live_attribute_counts_inserted();

CREATE OR REPLACE TRIGGER "live_attribute_values_counts_delete" AFTER DELETE ON "live_attribute_values"
	REFERENCING OLD TABLE AS deleted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION live_attribute_counts_deleted();

CREATE OR REPLACE TRIGGER "live_attribute_values_counts_update" AFTER UPDATE ON "live_attribute_values"
	REFERENCING OLD TABLE AS updated_old NEW TABLE AS updated_new
	FOR EACH STATEMENT EXECUTE FUNCTION live_attribute_counts_updated();

CREATE OR REPLACE TRIGGER "live_attribute_values_counts_truncate" AFTER TRUNCATE ON "live_attribute_values"
	FOR EACH STATEMENT EXECUTE FUNCTION live_attribute_counts_truncated();

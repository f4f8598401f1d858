-- The linked listings per bottling (ADR 0149; triggers/bottling_linked_counts.sql keeps them on
-- every write to bottling_links), everything again from the links (after a bulk load without
-- triggers, or to repair). Only the rows whose count changes are written.
CREATE OR REPLACE FUNCTION bottling_linked_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH counted AS (
		SELECT b.id, count(l.product_id)::int AS n
		FROM bottlings b LEFT JOIN bottling_links l ON l.bottling_id = b.id
		GROUP BY b.id
	)
	UPDATE bottlings b SET linked_count = c.n FROM counted c
	WHERE b.id = c.id AND b.linked_count <> c.n;
END
$$;

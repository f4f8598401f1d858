-- The terms of these live listings (ADR 0107) from their live values and their product rows: a
-- listing with no live value (ended, or without attributes) has no row. Rows written in id order,
-- so two writers never wait on each other in opposite orders. Called by the triggers in
-- triggers/live_listing_terms.sql, for a listing's few values or a rebuild's whole catalogue.
-- The ids are announced on the channel live_listing_terms, delivered at the commit (ADR 0129: each
-- instance keeps the terms in memory and reads these rows again); more than 300 as `*`, which
-- reads everything again.
CREATE OR REPLACE FUNCTION live_listing_terms_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM live_listing_terms t WHERE t.product_id = ANY (ids)
		AND NOT EXISTS (SELECT 1 FROM live_attribute_values v WHERE v.product_id = t.product_id);
	INSERT INTO live_listing_terms AS t (product_id, category_id, sort_at, topped_until, demoted, terms)
	SELECT p.id, p.category_id, coalesce(p.activation_at, p.created_at), p.topped_until, p.demoted_at IS NOT NULL,
		array['c:' || p.category_id]
			|| CASE WHEN p.brand_id IS NULL THEN '{}'::text[] ELSE array['b:' || p.brand_id] END
			|| CASE WHEN p.package_id IS NULL THEN '{}'::text[] ELSE array['p:' || p.package_id] END
			|| a.terms
	FROM products p
	CROSS JOIN LATERAL (
		SELECT array_agg('a:' || v.key || '=' || coalesce(v.match_key, v.number_value::text) ORDER BY v.key) AS terms
		FROM live_attribute_values v
		WHERE v.product_id = p.id AND (v.match_key IS NOT NULL OR v.number_value IS NOT NULL)
	) a
	WHERE p.id = ANY (ids) AND p.status = 'active' AND a.terms IS NOT NULL
	ORDER BY p.id
	ON CONFLICT (product_id) DO UPDATE SET
		category_id = excluded.category_id, sort_at = excluded.sort_at, topped_until = excluded.topped_until,
		demoted = excluded.demoted, terms = excluded.terms;
	IF cardinality(ids) > 0 THEN
		PERFORM pg_notify('live_listing_terms', CASE WHEN cardinality(ids) <= 300 THEN array_to_string(ids, ',') ELSE '*' END);
	END IF;
END
$$;

-- The listing counts (ADR 0034; triggers/listing_counts.sql keeps them on every write to products),
-- everything again from the products (after a bulk load without triggers, or to repair).
CREATE OR REPLACE FUNCTION listing_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM listing_counts;
	INSERT INTO listing_counts (category_id, format, type, auction_duration, brand_id, package_id, n)
	SELECT category_id, format, type, auction_duration, brand_id, package_id, count(*)::int
	FROM products WHERE status = 'active'
	GROUP BY 1, 2, 3, 4, 5, 6;
END
$$;

-- The seller counts (ADR 0137; triggers/seller_listing_counts.sql keeps them on every write to
-- products), everything again from the products (after a bulk load without triggers, or to repair).
CREATE OR REPLACE FUNCTION seller_listing_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM seller_listing_counts;
	INSERT INTO seller_listing_counts (seller_id, active, sold)
	SELECT seller_id, count(*) FILTER (WHERE status = 'active')::int, count(*) FILTER (WHERE status = 'sold')::int
	FROM products WHERE status IN ('active', 'sold') AND seller_id IS NOT NULL
	GROUP BY seller_id;
END
$$;

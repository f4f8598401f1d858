-- The live listings' attribute values (ADR 0098; triggers/live_attribute_values.sql keeps them on
-- every write), everything again from the values and the products (after a bulk load without
-- triggers, or to repair). TRUNCATE, not DELETE: its trigger empties the counts per value (ADR
-- 0104) at once, and the insert's statement trigger counts the new rows in one aggregate.
CREATE OR REPLACE FUNCTION live_attribute_values_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE live_attribute_values;
	INSERT INTO live_attribute_values (product_id, key, category_id, text_value, match_key, number_value, bool_value)
	SELECT v.product_id, v.key, p.category_id, v.text_value, v.match_key, v.number_value, v.bool_value
	FROM listing_attribute_values v JOIN products p ON p.id = v.product_id
	WHERE p.status = 'active';
END
$$;

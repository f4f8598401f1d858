-- The live listings' attribute values (ADR 0098) follow every write to the values and every change
-- of a listing's status or category, whoever makes it. Per row: a listing's values are a handful,
-- and a bid's update of products changes neither column, so it never fires the products' trigger.

-- A value written, changed or deleted: its live copy follows when its listing is live.
CREATE OR REPLACE FUNCTION live_attribute_values_from_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		DELETE FROM live_attribute_values WHERE product_id = OLD.product_id AND key = OLD.key;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO live_attribute_values AS l (product_id, key, category_id, text_value, match_key, number_value, bool_value)
		SELECT NEW.product_id, NEW.key, p.category_id, NEW.text_value, NEW.match_key, NEW.number_value, NEW.bool_value
		FROM products p WHERE p.id = NEW.product_id AND p.status = 'active'
		ON CONFLICT ON CONSTRAINT live_attribute_values_pkey DO UPDATE SET
			category_id = excluded.category_id, text_value = excluded.text_value, match_key = excluded.match_key,
			number_value = excluded.number_value, bool_value = excluded.bool_value;
	END IF;
	RETURN NULL;
END
$$;

-- A listing that goes live brings its values, one that stops being live takes them away, and a
-- live one moved to another category moves them.
CREATE OR REPLACE FUNCTION live_attribute_values_from_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status IS DISTINCT FROM 'active' THEN
		DELETE FROM live_attribute_values WHERE product_id = OLD.id;
	ELSIF OLD.status IS DISTINCT FROM 'active' THEN
		INSERT INTO live_attribute_values (product_id, key, category_id, text_value, match_key, number_value, bool_value)
		SELECT v.product_id, v.key, NEW.category_id, v.text_value, v.match_key, v.number_value, v.bool_value
		FROM listing_attribute_values v WHERE v.product_id = NEW.id
		ON CONFLICT ON CONSTRAINT live_attribute_values_pkey DO NOTHING;
	ELSE
		UPDATE live_attribute_values SET category_id = NEW.category_id WHERE product_id = NEW.id;
	END IF;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_attribute_values_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM live_attribute_values;
	RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "listing_attribute_values_live" AFTER INSERT OR UPDATE OR DELETE ON "listing_attribute_values"
	FOR EACH ROW EXECUTE FUNCTION live_attribute_values_from_values();

CREATE OR REPLACE TRIGGER "listing_attribute_values_live_truncate" AFTER TRUNCATE ON "listing_attribute_values"
	FOR EACH STATEMENT EXECUTE FUNCTION live_attribute_values_truncated();

CREATE OR REPLACE TRIGGER "products_live_attribute_values" AFTER UPDATE OF "status", "category_id" ON "products"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.category_id IS DISTINCT FROM NEW.category_id)
	EXECUTE FUNCTION live_attribute_values_from_products();

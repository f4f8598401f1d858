-- The live listings' terms (ADR 0107) follow their live values (ADR 0098), per statement: the
-- listings a statement touched are refreshed once, whether it wrote one value or a rebuild's
-- millions. A listing's sort key, promotion, brand or package changing on a live listing refreshes
-- it too; its status and category reach the terms through the live values, which follow them.
-- A value whose listing has no live row yet (no value before) is refreshed the same way.
-- One function for the three statements: each branch reads only the transition tables its
-- trigger declares (PL/pgSQL plans a statement when it first runs it).
CREATE OR REPLACE FUNCTION live_listing_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM live_listing_terms_refresh(array(SELECT DISTINCT product_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM live_listing_terms_refresh(array(SELECT DISTINCT product_id FROM old_rows));
	ELSE
		PERFORM live_listing_terms_refresh(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
	END IF;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_listing_terms_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE live_listing_terms;
	PERFORM pg_notify('live_listing_terms', '*');
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION live_listing_terms_from_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM live_listing_terms WHERE product_id = NEW.id) THEN
		PERFORM live_listing_terms_refresh(array[NEW.id]);
	END IF;
	RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "live_attribute_values_terms_insert" AFTER INSERT ON "live_attribute_values"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION live_listing_terms_changed();

CREATE OR REPLACE TRIGGER "live_attribute_values_terms_delete" AFTER DELETE ON "live_attribute_values"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION live_listing_terms_changed();

CREATE OR REPLACE TRIGGER "live_attribute_values_terms_update" AFTER UPDATE ON "live_attribute_values"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION live_listing_terms_changed();

CREATE OR REPLACE TRIGGER "live_attribute_values_terms_truncate" AFTER TRUNCATE ON "live_attribute_values"
	FOR EACH STATEMENT EXECUTE FUNCTION live_listing_terms_truncated();

CREATE OR REPLACE TRIGGER "products_live_listing_terms" AFTER UPDATE OF "activation_at", "created_at", "topped_until", "demoted_at", "brand_id", "package_id" ON "products"
	FOR EACH ROW WHEN (
		OLD.activation_at IS DISTINCT FROM NEW.activation_at OR OLD.created_at IS DISTINCT FROM NEW.created_at
		OR OLD.topped_until IS DISTINCT FROM NEW.topped_until OR OLD.demoted_at IS DISTINCT FROM NEW.demoted_at
		OR OLD.brand_id IS DISTINCT FROM NEW.brand_id OR OLD.package_id IS DISTINCT FROM NEW.package_id)
	EXECUTE FUNCTION live_listing_terms_from_products();

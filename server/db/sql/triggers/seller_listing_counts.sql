-- The seller counts (ADR 0137) follow every write to products, whoever makes it: inserts and
-- deletes per statement (transition tables), an update per row, and only when it changes the
-- status or the seller of a listing that is or becomes active or sold (bids, views and prices
-- never fire it). The operator's shop products have no seller and no row. A statement's rows are
-- written in the order of their sellers, so that two bulk statements touching the same sellers
-- wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION seller_listing_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO seller_listing_counts AS c (seller_id, active, sold)
	SELECT seller_id, count(*) FILTER (WHERE status = 'active')::int, count(*) FILTER (WHERE status = 'sold')::int
	FROM inserted_rows WHERE status IN ('active', 'sold') AND seller_id IS NOT NULL
	GROUP BY seller_id ORDER BY seller_id
	ON CONFLICT (seller_id) DO UPDATE SET active = c.active + excluded.active, sold = c.sold + excluded.sold;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION seller_listing_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO seller_listing_counts AS c (seller_id, active, sold)
	SELECT seller_id, -count(*) FILTER (WHERE status = 'active')::int, -count(*) FILTER (WHERE status = 'sold')::int
	FROM deleted_rows WHERE status IN ('active', 'sold') AND seller_id IS NOT NULL
	GROUP BY seller_id ORDER BY seller_id
	ON CONFLICT (seller_id) DO UPDATE SET active = c.active + excluded.active, sold = c.sold + excluded.sold;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION seller_listing_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.status IN ('active', 'sold') AND OLD.seller_id IS NOT NULL THEN
		INSERT INTO seller_listing_counts AS c (seller_id, active, sold)
		VALUES (OLD.seller_id, -(OLD.status = 'active')::int, -(OLD.status = 'sold')::int)
		ON CONFLICT (seller_id) DO UPDATE SET active = c.active + excluded.active, sold = c.sold + excluded.sold;
	END IF;
	IF NEW.status IN ('active', 'sold') AND NEW.seller_id IS NOT NULL THEN
		INSERT INTO seller_listing_counts AS c (seller_id, active, sold)
		VALUES (NEW.seller_id, (NEW.status = 'active')::int, (NEW.status = 'sold')::int)
		ON CONFLICT (seller_id) DO UPDATE SET active = c.active + excluded.active, sold = c.sold + excluded.sold;
	END IF;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION seller_listing_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM seller_listing_counts;
	RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "products_seller_listing_counts_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS inserted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION seller_listing_counts_inserted();

CREATE OR REPLACE TRIGGER "products_seller_listing_counts_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS deleted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION seller_listing_counts_deleted();

CREATE OR REPLACE TRIGGER "products_seller_listing_counts_update" AFTER UPDATE OF "status", "seller_id" ON "products"
	FOR EACH ROW WHEN ((OLD.status IN ('active', 'sold') OR NEW.status IN ('active', 'sold')) AND
		(OLD.status, OLD.seller_id) IS DISTINCT FROM (NEW.status, NEW.seller_id))
	EXECUTE FUNCTION seller_listing_counts_updated();

CREATE OR REPLACE TRIGGER "products_seller_listing_counts_truncate" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION seller_listing_counts_truncated();

-- The listing counts (ADR 0034) follow every write to products, whoever makes it: inserts and
-- deletes per statement (transition tables), an update per row, and only when it changes the
-- status or a counted column (bids, views and prices never fire it).
CREATE OR REPLACE FUNCTION listing_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO listing_counts AS c (category_id, format, type, auction_duration, brand_id, package_id, n)
	SELECT category_id, format, type, auction_duration, brand_id, package_id, count(*)::int
	FROM inserted_rows WHERE status = 'active'
	GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
	ON CONFLICT ON CONSTRAINT listing_counts_key DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION listing_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO listing_counts AS c (category_id, format, type, auction_duration, brand_id, package_id, n)
	SELECT category_id, format, type, auction_duration, brand_id, package_id, -count(*)::int
	FROM deleted_rows WHERE status = 'active'
	GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
	ON CONFLICT ON CONSTRAINT listing_counts_key DO UPDATE SET n = c.n + excluded.n;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION listing_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.status = 'active' THEN
		INSERT INTO listing_counts AS c (category_id, format, type, auction_duration, brand_id, package_id, n)
		VALUES (OLD.category_id, OLD.format, OLD.type, OLD.auction_duration, OLD.brand_id, OLD.package_id, -1)
		ON CONFLICT ON CONSTRAINT listing_counts_key DO UPDATE SET n = c.n - 1;
	END IF;
	IF NEW.status = 'active' THEN
		INSERT INTO listing_counts AS c (category_id, format, type, auction_duration, brand_id, package_id, n)
		VALUES (NEW.category_id, NEW.format, NEW.type, NEW.auction_duration, NEW.brand_id, NEW.package_id, 1)
		ON CONFLICT ON CONSTRAINT listing_counts_key DO UPDATE SET n = c.n + 1;
	END IF;
	RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION listing_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM listing_counts;
	RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "products_listing_counts_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS inserted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_inserted();

CREATE OR REPLACE TRIGGER "products_listing_counts_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS deleted_rows
	FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_deleted();

CREATE OR REPLACE TRIGGER "products_listing_counts_update"
	AFTER UPDATE OF "status", "category_id", "format", "type", "auction_duration", "brand_id", "package_id" ON "products"
	FOR EACH ROW WHEN ((OLD.status = 'active' OR NEW.status = 'active') AND
		(OLD.status, OLD.category_id, OLD.format, OLD.type, OLD.auction_duration, OLD.brand_id, OLD.package_id)
		IS DISTINCT FROM
		(NEW.status, NEW.category_id, NEW.format, NEW.type, NEW.auction_duration, NEW.brand_id, NEW.package_id))
	EXECUTE FUNCTION listing_counts_updated();

CREATE OR REPLACE TRIGGER "products_listing_counts_truncate" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_truncated();

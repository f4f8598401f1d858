-- The listings' copy of an auction's price and bid count (ADR 0053; functions/bid_listed_copy.sql)
-- starts equal to the live columns on insert. A trigger only on insert: a BEFORE UPDATE row
-- trigger would make PostgreSQL recompute search_vector on every update of products.
CREATE OR REPLACE FUNCTION products_listed_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed_price_minor := NEW.current_price_minor;
  NEW.listed_bid_count := NEW.bid_count;
  RETURN NEW;
END
$$;

-- Only rows whose copy differs call the function (an auction inserted with its bids: the seeds).
CREATE OR REPLACE TRIGGER "products_listed_copy_insert" BEFORE INSERT ON "products"
	FOR EACH ROW WHEN (NEW.current_price_minor IS DISTINCT FROM NEW.listed_price_minor
		OR NEW.bid_count IS DISTINCT FROM NEW.listed_bid_count)
	EXECUTE FUNCTION products_listed_copy();

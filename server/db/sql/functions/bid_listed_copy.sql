-- The listings read a copy of an auction's price and bid count (listed_price_minor,
-- listed_bid_count; ADR 0053), so that a bid's update of its row touches no indexed column and is a
-- HOT update; the bidding service brings the copy up to date about once a second, and
-- triggers/listed_copy.sql copies it on insert.
--
-- Brings the listings' copy of one auction up to date (after its bids; any time is safe: it takes
-- the row's lock like a bid, for one update). When it changed anything, the instances' page caches
-- are told (ADR 0027), since a listing sorted by price or bids may now read differently.
CREATE OR REPLACE FUNCTION bid_listed_copy(p_product_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET listed_price_minor = current_price_minor, listed_bid_count = bid_count
   WHERE id = p_product_id
     AND (listed_price_minor IS DISTINCT FROM current_price_minor OR listed_bid_count <> bid_count);
  IF FOUND THEN
    PERFORM pg_notify('public_changes', 'listed-copy');
  END IF;
END
$$;

-- The minimum raise at a price, in minor units: the `value` of the range with the greatest `min`
-- not above the price (the first listed on equal mins), else the range with the lowest `min`
-- (core/rules/bid-step.ts, findBidRange). Ranges are in whole CZK.
CREATE OR REPLACE FUNCTION bid_step(p_price bigint, p_mins bigint[], p_values bigint[])
RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_found integer;
  v_lowest integer := 1;
BEGIN
  IF coalesce(array_length(p_mins, 1), 0) = 0 THEN
    RAISE EXCEPTION 'The bid step table is empty';
  END IF;
  FOR i IN 1 .. array_length(p_mins, 1) LOOP
    IF p_mins[i] < p_mins[v_lowest] THEN
      v_lowest := i;
    END IF;
    IF p_mins[i] * 100 <= p_price AND (v_found IS NULL OR p_mins[i] > p_mins[v_found]) THEN
      v_found := i;
    END IF;
  END LOOP;
  RETURN p_values[coalesce(v_found, v_lowest)] * 100;
END
$$;

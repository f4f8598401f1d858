-- Milliseconds since the epoch (the application's Date); null stays null.
CREATE OR REPLACE FUNCTION bid_epoch_ms(p_at timestamptz)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT round(extract(epoch FROM p_at) * 1000)::bigint
$$;

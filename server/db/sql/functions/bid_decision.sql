-- bid_decision(): one bid on one auction, decided and stored in one statement (ADR 0029; ADR 0044
-- "bid the minimum"; ADR 0048 the commit before the flush). It locks the auction's row, applies the
-- auction rules, stores the bid's rows and the auction's new state and queues the live stream's
-- NOTIFY: the row lock is held for the function's run and its commit, never across a round trip to
-- the application. It is the SQL twin of server/modules/bidding/rules.ts (placeBid), which stays
-- the reference: server/modules/bidding/bid-decision.test.ts runs random bid sequences through both.
--
-- Run as its own transaction (nothing written before it, as the bidding service calls it), it
-- commits with synchronous_commit off, so the lock passes to the next bid as soon as the commit
-- record is in the WAL's buffers: a refusal stores nothing a crash could lose but the lock, and an
-- accepted bid is made durable by the caller's bid_durable() (functions/bid_durable.sql) before
-- anyone is told of it.
--
-- The nine-argument signature from before "bid the minimum" (no p_not_above) is dropped, so that a
-- call with the old arguments fails rather than reaching an overload that cannot bid the minimum.
DROP FUNCTION IF EXISTS bid_decision(integer, integer, boolean, boolean, bigint, bigint, jsonb, bigint, timestamptz);

-- One bid on one auction, decided and stored. Returns jsonb:
--   refused:  { "ok": false, "reason": ..., "minimumMinor": n (the rules' refusals only) }
--   accepted: { "ok": true, "at", "rows": [{ id, userId, amountMinor, maxMinor, kind }], "outbidUserId",
--               "extended", "auction": the row's public columns after the bid }
-- p_amount null: bid the minimum at the decision, if it is not above p_not_above (then required).
-- Times are epoch milliseconds. p_bid_table is the `bid` setting (null when it is not a valid
-- table: every bid is refused as ended); p_at is for tests only (null: the clock once the lock is
-- held, to the millisecond, so that time order is decision order).
CREATE OR REPLACE FUNCTION bid_decision(
  p_product_id integer,
  p_user_id integer,
  p_email_confirmed boolean,
  p_adult_confirmed boolean,
  p_amount bigint,
  p_max bigint,
  p_not_above bigint,
  p_bid_table jsonb,
  p_soft_close_ms bigint,
  p_at timestamptz DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_at timestamptz;
  v_mins bigint[];
  v_values bigint[];
  v_start bigint;
  v_current bigint;
  v_ends timestamptz;
  v_leader_id integer;
  v_leader_max bigint;
  v_leader_since timestamptz;
  v_minimum bigint;
  v_amount bigint;
  v_max bigint;
  v_price bigint;
  v_new_leader_id integer;
  v_new_leader_max bigint;
  v_new_leader_since timestamptz;
  v_counts boolean;
  v_answer bigint;
  v_new_ends timestamptz;
  v_visible integer := 0;
  -- The rows to store, in order.
  r_user integer[] := '{}';
  r_amount bigint[] := '{}';
  r_max bigint[] := '{}';
  r_kind text[] := '{}';
  v_id integer;
  v_last_id integer;
  v_rows jsonb := '[]';
  v_n integer;
BEGIN
  IF p_amount IS NULL AND p_not_above IS NULL THEN
    RAISE EXCEPTION 'bid_decision: a minimum bid (no amount) needs its ceiling';
  END IF;
  -- Nothing written before this call in its transaction: it commits without waiting for the flush.
  IF txid_current_if_assigned() IS NULL THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  SELECT id, format, status, seller_id, start_price_minor, current_price_minor, reserve_price_minor,
         bid_count, ends_at, ended_at, leader_id, leader_max_minor, leader_since, last_bid_id
    INTO a FROM products WHERE id = p_product_id FOR UPDATE;
  IF NOT FOUND OR a.format <> 'auction' THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'not_found');
  END IF;
  IF a.seller_id = p_user_id THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'own_item');
  END IF;
  IF NOT p_email_confirmed THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'email_not_confirmed');
  END IF;
  IF NOT p_adult_confirmed THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'adult_not_confirmed');
  END IF;
  IF a.status IN ('draft', 'awaiting_payment', 'scheduled') THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'not_active');
  END IF;
  IF a.status <> 'active' OR p_bid_table IS NULL THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'ended');
  END IF;
  v_at := coalesce(p_at, date_trunc('milliseconds', clock_timestamp()));

  -- The leader from the row, or (bids written without it: demo data) from the highest bid.
  IF a.leader_id IS NOT NULL AND a.leader_max_minor IS NOT NULL AND a.leader_since IS NOT NULL THEN
    v_leader_id := a.leader_id;
    v_leader_max := a.leader_max_minor;
    v_leader_since := a.leader_since;
  ELSIF a.bid_count > 0 THEN
    SELECT b.user_id, greatest(coalesce(b.max_amount_minor, 0), b.amount_minor), b.created_at
      INTO v_leader_id, v_leader_max, v_leader_since
      FROM bids b WHERE b.product_id = a.id AND b.kind <> 'max_raise'
      ORDER BY b.amount_minor DESC, b.id ASC LIMIT 1;
  END IF;

  SELECT array_agg((e ->> 'min')::bigint ORDER BY i), array_agg((e ->> 'value')::bigint ORDER BY i)
    INTO v_mins, v_values FROM jsonb_array_elements(p_bid_table) WITH ORDINALITY AS t(e, i);
  v_start := coalesce(a.start_price_minor, 0);
  v_current := CASE WHEN a.bid_count > 0 THEN coalesce(a.current_price_minor, a.start_price_minor, 0) END;
  v_ends := coalesce(a.ends_at, 'epoch'::timestamptz);
  v_minimum := CASE WHEN a.bid_count <= 0 THEN v_start
                    ELSE v_current + bid_step(v_current, v_mins, v_values) END;

  IF v_at >= v_ends THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'ended', 'minimumMinor', v_minimum);
  END IF;
  -- "Bid the minimum": the minimum of this moment, after every bid decided before this one, never
  -- above what the bidder agreed to. From here on it is a bid of that amount.
  IF p_amount IS NULL AND v_minimum > p_not_above THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'minimum_above_ceiling', 'minimumMinor', v_minimum);
  END IF;
  v_amount := coalesce(p_amount, v_minimum);
  v_max := coalesce(p_max, v_amount);
  IF v_max < v_amount THEN
    RETURN jsonb_build_object('ok', false, 'reason', 'max_below_amount', 'minimumMinor', v_minimum);
  END IF;

  IF v_leader_id IS NOT NULL AND v_leader_id = p_user_id THEN
    -- The leader raises their own maximum: the price moves only if it now meets the reserve.
    IF v_max <= v_leader_max THEN
      RETURN jsonb_build_object('ok', false, 'reason', 'max_not_raised', 'minimumMinor', v_minimum);
    END IF;
    v_current := coalesce(v_current, v_start);
    v_price := v_current;
    IF a.reserve_price_minor IS NOT NULL AND v_max >= a.reserve_price_minor
       AND v_price < a.reserve_price_minor THEN
      v_price := a.reserve_price_minor;
    END IF;
    r_user := r_user || p_user_id; r_amount := r_amount || v_current;
    r_max := r_max || v_max; r_kind := r_kind || 'max_raise'::text;
    IF v_price <> v_current THEN
      r_user := r_user || p_user_id; r_amount := r_amount || v_price;
      r_max := r_max || v_max; r_kind := r_kind || 'automatic'::text;
    END IF;
    v_new_leader_id := p_user_id; v_new_leader_max := v_max; v_new_leader_since := v_at;
    v_counts := v_price <> v_current;
  ELSE
    IF v_amount < v_minimum THEN
      RETURN jsonb_build_object('ok', false, 'reason', 'below_minimum', 'minimumMinor', v_minimum);
    END IF;
    -- The request itself is always stored as it was made, so the history can be replayed.
    r_user := r_user || p_user_id; r_amount := r_amount || v_amount;
    r_max := r_max || v_max; r_kind := r_kind || 'manual'::text;
    v_counts := true;
    IF v_leader_id IS NULL OR v_max > v_leader_max THEN
      IF v_leader_id IS NULL THEN
        v_price := v_amount;
      ELSE
        -- A higher maximum: it leads at one step above the standing one, never below the bid
        -- nor above its own maximum; the old leader's proxy went up to its maximum first.
        v_price := greatest(v_amount,
                            least(v_max, v_leader_max + bid_step(v_leader_max, v_mins, v_values)));
        IF v_leader_max > r_amount[array_length(r_amount, 1)] THEN
          r_user := r_user || v_leader_id; r_amount := r_amount || v_leader_max;
          r_max := r_max || v_leader_max; r_kind := r_kind || 'automatic'::text;
        END IF;
      END IF;
      IF a.reserve_price_minor IS NOT NULL AND v_max >= a.reserve_price_minor
         AND v_price < a.reserve_price_minor THEN
        v_price := a.reserve_price_minor;
      END IF;
      IF v_price > r_amount[array_length(r_amount, 1)] THEN
        r_user := r_user || p_user_id; r_amount := r_amount || v_price;
        r_max := r_max || v_max; r_kind := r_kind || 'automatic'::text;
      END IF;
      v_new_leader_id := p_user_id; v_new_leader_max := v_max; v_new_leader_since := v_at;
    ELSE
      -- The standing maximum holds (ties go to the earlier one, the leader): the challenger's
      -- maximum is spent and the leader's proxy answers one step above it.
      v_answer := CASE WHEN v_max = v_leader_max THEN v_leader_max
                       ELSE least(v_leader_max, v_max + bid_step(v_max, v_mins, v_values)) END;
      v_price := v_answer;
      IF a.reserve_price_minor IS NOT NULL AND v_leader_max >= a.reserve_price_minor
         AND v_price < a.reserve_price_minor THEN
        v_price := a.reserve_price_minor;
      END IF;
      IF v_max > r_amount[array_length(r_amount, 1)] THEN
        r_user := r_user || p_user_id; r_amount := r_amount || v_max;
        r_max := r_max || v_max; r_kind := r_kind || 'automatic'::text;
      END IF;
      IF v_price > v_max OR r_user[array_length(r_user, 1)] <> v_leader_id THEN
        r_user := r_user || v_leader_id; r_amount := r_amount || v_price;
        r_max := r_max || v_leader_max; r_kind := r_kind || 'automatic'::text;
      END IF;
      v_new_leader_id := v_leader_id; v_new_leader_max := v_leader_max;
      v_new_leader_since := v_leader_since;
    END IF;
  END IF;

  -- Soft close: a bid with less than the window left moves the end to bid time + window.
  v_new_ends := v_ends;
  IF v_counts AND v_at + p_soft_close_ms * interval '1 millisecond' > v_ends THEN
    v_new_ends := v_at + p_soft_close_ms * interval '1 millisecond';
  END IF;

  -- Accepted: the commit does not wait for the WAL flush either, so the lock is not held through
  -- the disk's write; the caller waits for it with bid_durable() before it tells anyone.
  v_n := array_length(r_user, 1);
  FOR i IN 1 .. v_n LOOP
    INSERT INTO bids (product_id, user_id, amount_minor, max_amount_minor, is_automatic, kind, created_at)
      VALUES (a.id, r_user[i], r_amount[i], r_max[i], r_kind[i] = 'automatic', r_kind[i], v_at)
      RETURNING id INTO v_id;
    v_last_id := greatest(coalesce(v_last_id, v_id), v_id);
    IF r_kind[i] <> 'max_raise' THEN
      v_visible := v_visible + 1;
    END IF;
    v_rows := v_rows || jsonb_build_object('id', v_id, 'userId', r_user[i], 'amountMinor', r_amount[i],
                                           'maxMinor', r_max[i], 'kind', r_kind[i]);
  END LOOP;

  UPDATE products SET current_price_minor = v_price, bid_count = a.bid_count + v_visible,
         ends_at = v_new_ends, leader_id = v_new_leader_id, leader_max_minor = v_new_leader_max,
         leader_since = v_new_leader_since, last_bid_id = v_last_id, updated_at = v_at
   WHERE id = a.id;

  -- The live streams hear of it on commit (server/modules/bidding/events.ts, same channel and payload).
  IF v_visible > 0 THEN
    PERFORM pg_notify('auction_events',
                      json_build_object('productId', a.id, 'bidId', v_last_id, 'event', 'bid')::text);
  END IF;

  RETURN jsonb_build_object(
    'ok', true,
    'at', bid_epoch_ms(v_at),
    'rows', v_rows,
    'outbidUserId', CASE WHEN v_leader_id IS NOT NULL AND v_leader_id <> v_new_leader_id THEN v_leader_id END,
    'extended', v_new_ends <> v_ends,
    'auction', jsonb_build_object(
      'id', a.id, 'status', a.status, 'startPriceMinor', a.start_price_minor,
      'currentPriceMinor', v_price, 'reservePriceMinor', a.reserve_price_minor,
      'bidCount', a.bid_count + v_visible, 'endsAt', bid_epoch_ms(v_new_ends),
      'endedAt', bid_epoch_ms(a.ended_at), 'leaderId', v_new_leader_id,
      'leaderMaxMinor', v_new_leader_max, 'leaderSince', bid_epoch_ms(v_new_leader_since),
      'lastBidId', v_last_id));
END
$$;

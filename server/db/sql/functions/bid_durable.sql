-- bid_durable() (ADR 0048): bid_decision() commits an accepted bid without waiting for the WAL
-- flush, so the auction's lock does not queue one disk write per bid; the bidding service then
-- calls this, and answers the bidder only once it returns. The flushes of many bids overlap (group
-- commit) instead of queueing behind the lock. A crash between the two can lose a bid nobody was
-- told was accepted; never one whose answer was sent (the WAL is written in order).
--
-- Waits until everything committed before the call is on disk: a transactional logical-decoding
-- message of no content gives the transaction an id and a WAL record, so its synchronous commit
-- flushes the WAL up to its own commit record (with any other commits waiting at the same time).
-- Run it as its own transaction, with the session's synchronous_commit (on).
CREATE OR REPLACE FUNCTION bid_durable() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_logical_emit_message(true, 'rarita.bid', '');
END
$$;

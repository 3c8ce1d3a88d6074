-- A forced close that waits for the next auction marked its position with close_pending_reason 'forced' but left
-- its status as it was ('holding' or 'limit-closing'): the client saw 保有中, and a restarted engine, which takes
-- a waiting close from the status, did not know of it, decided the close again and, had the price recovered
-- meanwhile, would never have closed the position. Such positions are closing, and from now on a waiting close
-- and its reason go together.
UPDATE trading_positions
SET status = 'closing', close_limit = NULL
WHERE status IN ('holding', 'limit-closing') AND close_pending_reason = 'forced';

UPDATE trading_positions
SET close_pending_reason = NULL
WHERE status IN ('holding', 'limit-closing') AND close_pending_reason IS NOT NULL;

ALTER TABLE trading_positions ADD CONSTRAINT trading_positions_waiting_close_reason
  CHECK (status = 'closed' OR (status = 'closing') = (close_pending_reason IS NOT NULL));

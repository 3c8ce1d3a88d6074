-- A forced close that waits for the next auction marked its position with close_pending_reason 'forced' but left
-- its status as it was ('holding' or 'limit-closing'): the client saw 保有中, and a restarted engine, which takes
-- a waiting close from the status, forgot the close and decided again from the account as it then stood. From now
-- on such a position is closing, and a waiting close and its reason go together.
--
-- The rows left so are not made closing here: every engine that decided them has since restarted (this runs at a
-- start) and forgot them, and the accounts may have recovered since, so reviving the old decisions could close a
-- position no margin rule now calls for. Their reason is cleared instead, which is what the restarted engine
-- already held: it decides again at the next price, and a close it decides now is kept.
UPDATE trading_positions
SET close_pending_reason = NULL
WHERE status IN ('holding', 'limit-closing') AND close_pending_reason IS NOT NULL;

ALTER TABLE trading_positions ADD CONSTRAINT trading_positions_waiting_close_reason
  CHECK (status = 'closed' OR (status = 'closing') = (close_pending_reason IS NOT NULL));

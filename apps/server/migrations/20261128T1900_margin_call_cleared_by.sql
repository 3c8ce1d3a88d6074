-- How a margin call (追証) ended, for the back office's list: 'recovered' when the ratio came back without a forced
-- close (cash that arrived, the client's own closes, the price), 'forced_close' when a forced close of the
-- account's positions lifted it. Set exactly when the call is cleared.
--
-- Calls cleared before this migration did not record how they ended. A forced close that lifts a call fills in
-- the same commit, so the position it closed carries the call's cleared_at as its closed_at: those calls ended
-- by a forced close, the others recovered.
ALTER TABLE trading_margin_calls ADD COLUMN cleared_by TEXT;
UPDATE trading_margin_calls AS c
SET cleared_by = CASE
  WHEN EXISTS (
    SELECT 1 FROM trading_positions AS p
    WHERE p.user_id = c.user_id AND p.close_reason = 'forced' AND p.closed_at = c.cleared_at
  ) THEN 'forced_close'
  ELSE 'recovered'
END
WHERE c.cleared_at IS NOT NULL;
ALTER TABLE trading_margin_calls ADD CONSTRAINT trading_margin_calls_cleared_by_check
  CHECK (cleared_by IN ('recovered', 'forced_close'));
ALTER TABLE trading_margin_calls ADD CONSTRAINT trading_margin_calls_cleared_by_when_cleared
  CHECK ((cleared_at IS NULL) = (cleared_by IS NULL));

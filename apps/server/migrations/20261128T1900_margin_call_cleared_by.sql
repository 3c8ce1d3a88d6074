-- How a margin call (追証) ended, for the back office's list: 'recovered' when the ratio came back without a forced
-- close (cash that arrived, the client's own closes, the price), 'forced_close' when a forced close of the
-- account's positions lifted it. Set exactly when the call is cleared.
--
-- Calls cleared before this migration did not record how they ended. They are marked 'recovered', which is what
-- the back office showed for every cleared call until now; some may have ended by a forced close (a position of
-- the user closed with close_reason 'forced' at the call's cleared_at would tell).
ALTER TABLE trading_margin_calls ADD COLUMN cleared_by TEXT;
UPDATE trading_margin_calls SET cleared_by = 'recovered' WHERE cleared_at IS NOT NULL;
ALTER TABLE trading_margin_calls ADD CONSTRAINT trading_margin_calls_cleared_by_check
  CHECK (cleared_by IN ('recovered', 'forced_close'));
ALTER TABLE trading_margin_calls ADD CONSTRAINT trading_margin_calls_cleared_by_when_cleared
  CHECK ((cleared_at IS NULL) = (cleared_by IS NULL));

-- A market 一部返済 that waits for the auction is withdrawn when a forced close takes its whole position first; it is
-- recorded as withdrawn limit closes are, so that 注文履歴 keeps every close the investor placed. Such a close has
-- no limit and no 期間: the three are null together, and only a forced close withdraws one.
ALTER TABLE trading_withdrawn_closes ALTER COLUMN limit_price DROP NOT NULL;
ALTER TABLE trading_withdrawn_closes ALTER COLUMN validity DROP NOT NULL;
ALTER TABLE trading_withdrawn_closes ALTER COLUMN valid_until DROP NOT NULL;
ALTER TABLE trading_withdrawn_closes ADD CONSTRAINT trading_withdrawn_closes_market CHECK (
  (limit_price IS NULL) = (validity IS NULL)
  AND (limit_price IS NULL) = (valid_until IS NULL)
  AND (limit_price IS NOT NULL OR reason = 'forced')
);

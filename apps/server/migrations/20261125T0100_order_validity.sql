-- Order validity (期間, docs/trading.md "Order validity"): each order to open keeps how long it was asked to live
-- (`day` 当日中 or `week` 今週中) and the last JST business date on which it may fill. The daily run cancels an
-- open order whose date has passed, with cancel_reason 'expired', and tells the investor (message order_expired).
--
-- Orders placed before this change were meant to rest until cancelled, which no Japanese broker offers: they
-- become day orders of the JST date they were placed on, so any of them still open is cancelled as expired by the
-- next daily run (its hold released as a cancel releases it). JST is UTC+9 with no daylight saving time.
ALTER TABLE trading_orders ADD COLUMN validity TEXT NOT NULL DEFAULT 'day' CHECK (validity IN ('day', 'week'));
ALTER TABLE trading_orders ALTER COLUMN validity DROP DEFAULT;
ALTER TABLE trading_orders ADD COLUMN valid_until TEXT;
UPDATE trading_orders
  SET valid_until = to_char((created_at AT TIME ZONE 'UTC') + INTERVAL '9 hours', 'YYYY-MM-DD');
ALTER TABLE trading_orders ALTER COLUMN valid_until SET NOT NULL;
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_valid_until_date
  CHECK (valid_until ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');

ALTER TABLE trading_orders DROP CONSTRAINT trading_orders_cancel_reason_check;
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_cancel_reason_check
  CHECK (cancel_reason IN ('user', 'insufficient_funds', 'forced_close', 'expired'));

ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN (
  'deposit_credited', 'deposit_rejected', 'withdrawal_requested', 'withdrawal_approved',
  'withdrawal_rejected', 'kyc_passed', 'kyc_rejected', 'bank_account_added', 'bank_account_removed',
  'factor_added', 'factor_removed', 'new_device_login',
  'order_filled', 'position_closed', 'margin_call', 'forced_close', 'price_alert', 'order_expired'
));

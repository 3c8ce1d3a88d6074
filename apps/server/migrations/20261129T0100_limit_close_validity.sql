-- A limit close (返済指値) has a 期間 as an order to open has (docs/trading.md "Order validity"): `day` (当日中)
-- or `week` (今週中), and the last JST business date on which it may fill. The daily run withdraws a resting
-- close whose date has passed (the position is held again) and tells the investor (message close_expired).
--
-- Limit closes placed before this change were meant to rest until withdrawn, which no Japanese broker offers: as
-- the orders to open were, they become day closes of the JST date of their position's last change (when the
-- close was placed, or later when a take-profit or stop-loss was set or the daily interest charged since), so the
-- next daily run withdraws any still resting, with a message. JST is UTC+9 with no daylight saving time.
-- From now on a closed position's close_limit and these columns describe the limit close that filled it, and are
-- empty when something else closed it; positions closed before keep the close_limit they had.
ALTER TABLE trading_positions ADD COLUMN close_validity TEXT CHECK (close_validity IN ('day', 'week'));
ALTER TABLE trading_positions ADD COLUMN close_valid_until TEXT
  CHECK (close_valid_until ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
UPDATE trading_positions
  SET close_validity = 'day',
      close_valid_until = to_char((updated_at AT TIME ZONE 'UTC') + INTERVAL '9 hours', 'YYYY-MM-DD')
  WHERE status = 'limit-closing';
ALTER TABLE trading_positions ADD CONSTRAINT trading_positions_close_validity_with_date
  CHECK ((close_validity IS NULL) = (close_valid_until IS NULL));
ALTER TABLE trading_positions ADD CONSTRAINT trading_positions_close_validity_of_limit
  CHECK (close_validity IS NULL OR close_limit IS NOT NULL);
ALTER TABLE trading_positions ADD CONSTRAINT trading_positions_limit_close_validity
  CHECK (status <> 'limit-closing' OR close_validity IS NOT NULL);

ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN (
  'deposit_credited', 'deposit_rejected', 'withdrawal_requested', 'withdrawal_approved',
  'withdrawal_rejected', 'kyc_passed', 'kyc_rejected', 'bank_account_added', 'bank_account_removed',
  'factor_added', 'factor_removed', 'new_device_login',
  'order_filled', 'position_closed', 'margin_call', 'forced_close', 'price_alert', 'order_expired',
  'close_expired'
));

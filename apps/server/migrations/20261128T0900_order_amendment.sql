-- 訂正 (docs/trading.md, "Amending an order"): a resting limit order is replaced by a new one at another price or
-- lots. The old order is cancelled with reason 'amended'; the new one names it. An order is replaced at most
-- once, whichever node tries.
ALTER TABLE trading_orders DROP CONSTRAINT trading_orders_cancel_reason_check;
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_cancel_reason_check
  CHECK (cancel_reason IN ('user', 'insufficient_funds', 'forced_close', 'expired', 'amended'));

ALTER TABLE trading_orders ADD COLUMN amends_order_id BIGINT REFERENCES trading_orders (id);
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_amends_another CHECK (amends_order_id <> id);
CREATE UNIQUE INDEX trading_orders_amended_once ON trading_orders (amends_order_id)
  WHERE amends_order_id IS NOT NULL;

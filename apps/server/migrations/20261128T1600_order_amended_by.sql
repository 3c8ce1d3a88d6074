-- An order replaced by 訂正 names its replacement, as the replacement names it (amends_order_id), so that 注文照会
-- of either leads to the other. The two links agree: the replacement named must name this order back, and an
-- order names a replacement exactly when it was cancelled by an amendment.
ALTER TABLE trading_orders ADD COLUMN amended_by_order_id BIGINT;
UPDATE trading_orders o SET amended_by_order_id = n.id FROM trading_orders n WHERE n.amends_order_id = o.id;
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_amendment_pair UNIQUE (id, amends_order_id);
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_amended_by_names_back
  FOREIGN KEY (amended_by_order_id, id) REFERENCES trading_orders (id, amends_order_id);
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_amended_by_when_amended
  CHECK (coalesce(cancel_reason = 'amended', false) = (amended_by_order_id IS NOT NULL));

-- 訂正 changes only an order's price and lots: the order it replaces belongs to the same account and is for the
-- same stock, side and leverage. The engine keeps these; the database refuses a row that does not.
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_kept_terms UNIQUE (id, user_id, code, side, leverage);
ALTER TABLE trading_orders DROP CONSTRAINT trading_orders_amends_order_id_fkey;
ALTER TABLE trading_orders ADD CONSTRAINT trading_orders_amends_same_terms
  FOREIGN KEY (amends_order_id, user_id, code, side, leverage)
  REFERENCES trading_orders (id, user_id, code, side, leverage);

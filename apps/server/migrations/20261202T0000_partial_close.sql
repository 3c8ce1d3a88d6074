-- 一部返済 (docs/trading.md): a close of some of a position's lots. Until it fills it rests or waits on the whole
-- position, which names its lots (close_lots, fewer than it holds) and the id those lots take when it fills
-- (close_part_id, a value of the order-id sequence). When it fills, those lots become a position of their own,
-- closed at once, that names the position it came from (part_of); the position keeps the rest.
ALTER TABLE trading_positions ADD COLUMN close_lots INT;
ALTER TABLE trading_positions ADD COLUMN close_part_id BIGINT;
ALTER TABLE trading_positions ADD COLUMN part_of BIGINT REFERENCES trading_positions (id);
ALTER TABLE trading_positions ADD CONSTRAINT trading_positions_close_lots CHECK (
  (close_lots IS NULL) = (close_part_id IS NULL)
  AND (close_lots IS NULL OR (status IN ('closing', 'limit-closing') AND close_lots > 0 AND close_lots < lots))
);
ALTER TABLE trading_positions ADD CONSTRAINT trading_positions_part_of_another CHECK (part_of <> id);

-- A part has no order of its own. Every other position is still its order's: the id's reference to the order
-- moves to a generated column that is the id, or null for a part.
ALTER TABLE trading_positions DROP CONSTRAINT trading_positions_id_fkey;
ALTER TABLE trading_positions ADD COLUMN order_id BIGINT
  GENERATED ALWAYS AS (CASE WHEN part_of IS NULL THEN id END) STORED REFERENCES trading_orders (id);

-- A part's closing fill names the part: fills refer to positions rather than orders.
ALTER TABLE trading_fills DROP CONSTRAINT trading_fills_position_id_fkey;
ALTER TABLE trading_fills ADD CONSTRAINT trading_fills_position_id_fkey
  FOREIGN KEY (position_id) REFERENCES trading_positions (id);

-- How many lots a withdrawn limit close covered. Those withdrawn before 一部返済 covered all of their position's,
-- whose lots could not change until now.
ALTER TABLE trading_withdrawn_closes ADD COLUMN lots INT CHECK (lots > 0);
UPDATE trading_withdrawn_closes w SET lots = p.lots FROM trading_positions p WHERE p.id = w.position_id;
ALTER TABLE trading_withdrawn_closes ALTER COLUMN lots SET NOT NULL;

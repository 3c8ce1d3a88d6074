-- When the close that a position waits on was placed (a 返済 resting at a limit, or a market close for the next
-- auction, the client's or a forced one): 注文照会 lists a waiting close with its time, as it lists an order's.
-- Null while the position is held, and once the close is withdrawn.
ALTER TABLE trading_positions ADD COLUMN close_requested_at TIMESTAMPTZ;

-- A close waiting now: its latest key's time, else the row's last change (a forced close keeps no key).
UPDATE trading_positions p
SET close_requested_at = COALESCE(
  (SELECT max(r.created_at) FROM trading_close_requests r WHERE r.position_id = p.id),
  p.updated_at
)
WHERE p.status IN ('closing', 'limit-closing');

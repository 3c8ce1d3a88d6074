-- When the close that a position waits on was placed (a 返済 resting at a limit, or a market close for the next
-- auction, the client's or a forced one): 注文照会 lists a waiting close with its time, as it lists an order's.
-- Null while the position is held, and once the close is withdrawn.
ALTER TABLE trading_positions ADD COLUMN close_requested_at TIMESTAMPTZ;

-- The closes waiting now: a forced one when it was decided (its log row); the client's at its latest key (every
-- close the client sends stores one); the row's last change only for a close older than the keys.
UPDATE trading_positions p
SET close_requested_at = CASE
  WHEN p.close_pending_reason = 'forced' THEN
    (SELECT max(f.created_at) FROM trading_forced_closes f WHERE f.position_id = p.id AND f.pending)
  ELSE (SELECT max(r.created_at) FROM trading_close_requests r WHERE r.position_id = p.id)
END
WHERE p.status IN ('closing', 'limit-closing');

UPDATE trading_positions
SET close_requested_at = updated_at
WHERE status IN ('closing', 'limit-closing') AND close_requested_at IS NULL;

-- 決済済み建玉 lists a user's closed positions by their close, newest first (positionsPage), read page by page
-- after a position's own close time.
CREATE INDEX trading_positions_user_closed ON trading_positions (user_id, closed_at DESC, id DESC)
  WHERE status = 'closed';

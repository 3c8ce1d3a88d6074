-- Every resting limit close (返済指値) that went without filling, so that 注文履歴 lists it as it lists an order to
-- open that was cancelled: withdrawn by the investor (取消), past its last date (期限切れ), replaced by another close
-- the investor placed, or overtaken by a take-profit, a stop-loss or a forced close. A limit close that filled is
-- its position's close line. Before this table such a close left no trace the investor could see.
CREATE TABLE trading_withdrawn_closes (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  position_id BIGINT NOT NULL REFERENCES trading_positions (id),
  user_id BIGINT NOT NULL REFERENCES users (id),
  limit_price BIGINT NOT NULL CHECK (limit_price > 0),
  validity TEXT NOT NULL CHECK (validity IN ('day', 'week')),
  valid_until TEXT NOT NULL CHECK (valid_until ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  requested_at TIMESTAMPTZ NOT NULL,
  withdrawn_at TIMESTAMPTZ NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('user', 'expired', 'replaced', 'take_profit', 'stop_loss', 'forced'))
);
-- 注文履歴 lists a user's lines newest first by the time each was placed.
CREATE INDEX trading_withdrawn_closes_history ON trading_withdrawn_closes (user_id, requested_at DESC, id DESC);

-- Only the investor's own position's closes.
CREATE FUNCTION trading_withdrawn_close_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM trading_positions WHERE id = NEW.position_id AND user_id = NEW.user_id) THEN
    RAISE EXCEPTION 'trading_withdrawn_closes: position % is not user %''s', NEW.position_id, NEW.user_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER trading_withdrawn_close_owner BEFORE INSERT ON trading_withdrawn_closes
  FOR EACH ROW EXECUTE FUNCTION trading_withdrawn_close_owner();

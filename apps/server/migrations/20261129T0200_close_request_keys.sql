-- Every close request's idempotency key, not only a position's last one. With the last one alone, a late retry of
-- an earlier close (its answer lost while the investor placed another) was taken as new: it placed the earlier
-- close again over the newer one, or brought it back after the newer one had expired. Now any key already used
-- on the position answers with the position as it is (or is refused for another request), and places nothing.
CREATE TABLE trading_close_requests (
  position_id BIGINT NOT NULL REFERENCES trading_positions (id),
  idempotency_key TEXT NOT NULL,
  -- The hash of the request the key was first sent with; null for a key stored before requests were hashed
  -- (migration 20261124T2100), which answers any retry with the position, as it did then.
  request_hash TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (position_id, idempotency_key)
);

INSERT INTO trading_close_requests (position_id, idempotency_key, request_hash, created_at)
  SELECT id, close_request_key, close_request_hash, updated_at
  FROM trading_positions
  WHERE close_request_key IS NOT NULL;

ALTER TABLE trading_positions DROP COLUMN close_request_key;
ALTER TABLE trading_positions DROP COLUMN close_request_hash;

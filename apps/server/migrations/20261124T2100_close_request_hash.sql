-- A close's idempotency key is answered only for the request it was first sent with: the hash of that request.
ALTER TABLE trading_positions ADD COLUMN close_request_hash TEXT;

-- Trading (docs/trading.md): the ledger accounts the engine's pockets need, the house accounts trading posts to,
-- and the tables the engine is rebuilt from at start.
--
-- The engine's pockets map to ledger accounts thus (a transfer `from -> to` of an amount debits `from` and
-- credits `to`):
--   available -> cash_available (user, credit-normal)      held -> cash_held (user, credit-normal)
--   margin    -> margin_posted  (user, credit-normal)      debt -> trading_debt (user, debit-normal)
--   fee_income -> house_fee_income   counterparty -> house_counterparty   interest_income -> house_interest_income
-- The user's margin is still the user's cash, owed by the firm, so it is credit-normal like the other cash
-- accounts. `margin_in_use` was opened debit-normal by the first ledger migration and no entry ever posted to
-- it: an account does not change its side, so trading posts margin to `margin_posted` instead.
-- Debt (losses beyond the account's cash) is what the user owes the firm: a receivable, debit-normal, whose
-- balance is the amount owed and so never negative. The engine's debt figure is minus this balance. Every user
-- balance keeps CHECK (balance >= 0).

ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (
  'cash_available', 'cash_held', 'margin_in_use', 'loan_payable', 'margin_posted', 'trading_debt',
  'house_bank', 'house_fee_income', 'house_adjustments', 'house_counterparty', 'house_interest_income'
));

INSERT INTO ledger_accounts (user_id, kind, normal_side) VALUES
  (NULL, 'house_counterparty', 'debit'),
  (NULL, 'house_interest_income', 'credit');

ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN (
  'deposit_credited', 'deposit_rejected', 'withdrawal_requested', 'withdrawal_approved',
  'withdrawal_rejected', 'kyc_passed', 'kyc_rejected', 'bank_account_added', 'bank_account_removed',
  'factor_added', 'factor_removed', 'new_device_login',
  'order_filled', 'position_closed', 'margin_call', 'forced_close'
));

-- Order ids are taken before the engine decides (the engine takes its ids from the caller; a position takes
-- its order's id), in the order the one engine writer places them: on restore, the id is the time priority.
CREATE SEQUENCE trading_order_ids;

-- Orders to open a position. `open` orders rest in the engine, holding their margin and fee in cash_held.
CREATE TABLE trading_orders (
  id BIGINT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  code TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  type TEXT NOT NULL CHECK (type IN ('market', 'limit')),
  limit_price BIGINT,
  lots INT NOT NULL CHECK (lots > 0),
  leverage INT NOT NULL CHECK (leverage > 0),
  take_profit BIGINT,
  stop_loss BIGINT,
  held_margin BIGINT NOT NULL CHECK (held_margin >= 0),
  held_fee BIGINT NOT NULL CHECK (held_fee >= 0),
  status TEXT NOT NULL CHECK (status IN ('open', 'filled', 'cancelled')),
  cancel_reason TEXT CHECK (cancel_reason IN ('user', 'insufficient_funds', 'forced_close')),
  fill_price BIGINT,
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  CONSTRAINT trading_orders_idempotency UNIQUE (user_id, idempotency_key),
  CONSTRAINT trading_orders_limit_price CHECK ((type = 'limit') = (limit_price IS NOT NULL))
);
CREATE INDEX trading_orders_user_newest ON trading_orders (user_id, id DESC);
CREATE INDEX trading_orders_open ON trading_orders (id) WHERE status = 'open';

-- Positions; the id is the id of the order that opened it.
CREATE TABLE trading_positions (
  id BIGINT PRIMARY KEY REFERENCES trading_orders (id),
  user_id BIGINT NOT NULL REFERENCES users (id),
  code TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  lots INT NOT NULL CHECK (lots > 0),
  leverage INT NOT NULL CHECK (leverage > 0),
  entry_price BIGINT NOT NULL,
  margin BIGINT NOT NULL CHECK (margin >= 0),
  open_fee BIGINT NOT NULL CHECK (open_fee >= 0),
  interest BIGINT NOT NULL DEFAULT 0 CHECK (interest >= 0),
  take_profit BIGINT,
  stop_loss BIGINT,
  status TEXT NOT NULL CHECK (status IN ('holding', 'closing', 'limit-closing', 'closed')),
  -- The resting close price while limit-closing; why a market close waits while closing.
  close_limit BIGINT,
  close_pending_reason TEXT CHECK (close_pending_reason IN ('user', 'forced')),
  -- The Idempotency-Key of the user's close request: its retry answers with the position.
  close_request_key TEXT,
  opened_at TIMESTAMPTZ NOT NULL,
  exit_price BIGINT,
  realised_pnl BIGINT,
  close_fee BIGINT,
  shortfall BIGINT,
  close_reason TEXT CHECK (close_reason IN ('user', 'take_profit', 'stop_loss', 'forced')),
  closed_at TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL,
  CONSTRAINT trading_positions_closed CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX trading_positions_user_newest ON trading_positions (user_id, id DESC);
CREATE INDEX trading_positions_open ON trading_positions (id) WHERE status <> 'closed';

-- Every fill, opening or closing, with the journal entry that settled it.
CREATE TABLE trading_fills (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  position_id BIGINT NOT NULL REFERENCES trading_orders (id),
  kind TEXT NOT NULL CHECK (kind IN ('open', 'close')),
  code TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  price BIGINT NOT NULL,
  lots INT NOT NULL,
  notional BIGINT NOT NULL,
  fee BIGINT NOT NULL,
  realised_pnl BIGINT,
  entry_id BIGINT REFERENCES journal_entries (id),
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX trading_fills_user ON trading_fills (user_id, id DESC);
CREATE INDEX trading_fills_position ON trading_fills (position_id);

-- Margin calls (追証): open while cleared_at is null; the open one is the account's call on restore. Dates are
-- JST calendar dates as text (YYYY-MM-DD), as the engine has them.
CREATE TABLE trading_margin_calls (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  raised_on TEXT NOT NULL,
  deadline TEXT NOT NULL,
  equity BIGINT NOT NULL,
  open_notional BIGINT NOT NULL,
  ratio_bp INT,
  created_at TIMESTAMPTZ NOT NULL,
  cleared_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX trading_margin_calls_open ON trading_margin_calls (user_id) WHERE cleared_at IS NULL;

-- The forced-close log: each position the risk check closed, why, and the account's figures at that moment.
CREATE TABLE trading_forced_closes (
  id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  position_id BIGINT NOT NULL REFERENCES trading_orders (id),
  reason TEXT NOT NULL CHECK (reason IN ('liquidation_level', 'margin_call_deadline')),
  equity BIGINT NOT NULL,
  open_notional BIGINT NOT NULL,
  ratio_bp INT,
  pending BOOLEAN NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX trading_forced_closes_newest ON trading_forced_closes (created_at DESC, id DESC);

-- The engine's own figures that no other row carries: one row. `version` counts trading commits: each one
-- raises it under the row's lock, so an engine that did not see every commit before its own (another node
-- wrote) learns it at its commit, is rebuilt and decides again.
CREATE TABLE trading_state (
  id INT PRIMARY KEY CHECK (id = 1),
  last_accrual_date TEXT,
  version BIGINT NOT NULL DEFAULT 0
);
INSERT INTO trading_state (id) VALUES (1);

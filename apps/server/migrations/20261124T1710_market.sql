-- Market data: the instrument universe (loaded from reference-data/tse-instruments.csv at start when empty),
-- price bars (1-minute and daily are stored; other intervals are aggregated on read) and watchlists.
CREATE TABLE instruments (
  code TEXT PRIMARY KEY,
  name_ja TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_kana TEXT,
  sector TEXT NOT NULL,
  topix500 BOOLEAN NOT NULL,
  halted BOOLEAN NOT NULL DEFAULT false,
  -- sen; the simulator's starting price (the last daily close of the backfilled history)
  base_price BIGINT NOT NULL CHECK (base_price > 0),
  -- NFKC-normalised, lower-cased code and names, what the search matches
  search_text TEXT NOT NULL
);

CREATE TABLE bars (
  code TEXT NOT NULL REFERENCES instruments (code),
  "interval" TEXT NOT NULL CHECK ("interval" IN ('1m', '1d')),
  start TIMESTAMPTZ NOT NULL,
  open BIGINT NOT NULL,
  high BIGINT NOT NULL,
  low BIGINT NOT NULL,
  close BIGINT NOT NULL,
  volume BIGINT NOT NULL,
  turnover BIGINT NOT NULL,
  PRIMARY KEY (code, "interval", start),
  CHECK (low <= open AND low <= close AND open <= high AND close <= high)
);

CREATE TABLE watchlist (
  user_id BIGINT NOT NULL REFERENCES users (id),
  code TEXT NOT NULL REFERENCES instruments (code),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, code)
);

-- The instruments each investor opened from search, newest first on their search screen (at most 10 kept).
CREATE TABLE search_history (
  user_id BIGINT NOT NULL REFERENCES users (id),
  code TEXT NOT NULL REFERENCES instruments (code),
  searched_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, code)
);

CREATE INDEX search_history_user_recent ON search_history (user_id, searched_at DESC);

-- How many price alerts each investor created in a Japan-time day: the daily cap counts deleted alerts too,
-- so it cannot be kept from price_alerts itself.
CREATE TABLE price_alert_daily (
  user_id BIGINT NOT NULL REFERENCES users (id),
  day TEXT NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  created INTEGER NOT NULL CHECK (created > 0),
  PRIMARY KEY (user_id, day)
);

-- Wrong passwords for accounts that do not exist count and lock exactly as for real ones, so the login form's
-- answers (the remaining-attempts warning, the lock) do not tell which numbers are registered. Keyed by the
-- account as typed, normalised to a mobile number where it is one.
CREATE TABLE unknown_account_login_failures (
  account TEXT PRIMARY KEY,
  failed_logins INT NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),
  locked_until TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL
);

-- One journal entry in one statement (docs/benchmarks.md, "ledger.bench.ts"). The application decides what an
-- entry is (its kind, which accounts, the signed amounts); this function only applies it, in the caller's
-- transaction, as the application did before in six statements: take the idempotency key, return the entry
-- that key already wrote, lock the user accounts the entry touches, refuse a user balance below zero, write
-- the entry and its postings. Each statement was a round trip, and round trips, not the work in the database,
-- bounded how many entries a second the server could write. Every table check still stands behind it: the
-- balance CHECK, the posting and balance triggers, the deferred balanced-entry checks, the unique key.
--
-- p_users, p_kinds and p_amounts hold one element per posting: the user (NULL for a house account), the
-- account kind and the signed amount (a debit is positive). One row comes back; r_outcome is
--   'posted'        the entry was written: r_entry_id, r_created_at;
--   'taken'         the key already wrote an entry, which is returned (r_kind and r_request_hash included, so
--                   the caller can tell a retry from another request under the same key); nothing written;
--   'insufficient'  a user balance would go below zero; nothing written;
--   'no_accounts'   a user account of a posting is not open yet; nothing written (the caller opens them and
--                   calls again).
-- Its statements keep one generic plan each: left to choose, PostgreSQL planned every call afresh (the arrays'
-- lengths make a custom plan look cheaper), which cost more than the statements themselves.
CREATE FUNCTION ledger_post(
  p_kind TEXT,
  p_reference TEXT,
  p_scope TEXT,
  p_key TEXT,
  p_request_hash TEXT,
  p_actor_kind TEXT,
  p_actor_id BIGINT,
  p_memo TEXT,
  p_at TIMESTAMPTZ,
  p_users BIGINT[],
  p_kinds TEXT[],
  p_amounts BIGINT[]
) RETURNS TABLE (
  r_outcome TEXT,
  r_entry_id BIGINT,
  r_created_at TIMESTAMPTZ,
  r_kind TEXT,
  r_request_hash TEXT
) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  wanted INT;
  locked INT;
  short BOOLEAN;
BEGIN
  -- The key, as lockIdempotencyKey takes it: a concurrent call with the same key waits here, then sees the
  -- entry the first one wrote.
  PERFORM pg_advisory_xact_lock(hashtextextended(p_scope || '|' || p_key, 0));
  SELECT e.id, e.created_at, e.kind, e.request_hash INTO r_entry_id, r_created_at, r_kind, r_request_hash
    FROM journal_entries e WHERE e.idempotency_scope = p_scope AND e.idempotency_key = p_key;
  IF FOUND THEN
    r_outcome := 'taken';
    RETURN NEXT;
    RETURN;
  END IF;

  -- The user accounts of the postings, locked in id order (every writer locks them so, and only here).
  SELECT count(*) INTO wanted
    FROM (SELECT DISTINCT l.u, l.k FROM unnest(p_users, p_kinds) AS l(u, k) WHERE l.u IS NOT NULL) wanted_accounts;
  PERFORM 1 FROM ledger_accounts a
    WHERE a.user_id IS NOT NULL
      AND (a.user_id, a.kind) IN (SELECT l.u, l.k FROM unnest(p_users, p_kinds) AS l(u, k) WHERE l.u IS NOT NULL)
    ORDER BY a.id
    FOR UPDATE;
  GET DIAGNOSTICS locked = ROW_COUNT;
  IF locked < wanted THEN
    r_outcome := 'no_accounts';
    RETURN NEXT;
    RETURN;
  END IF;

  -- Each user account's balance after the entry, in the account's own sense, must not be below zero.
  SELECT coalesce(bool_or(a.balance + CASE WHEN a.normal_side = 'debit' THEN l.amount ELSE -l.amount END < 0), FALSE)
    INTO short
    FROM (SELECT x.u, x.k, sum(x.amount) AS amount FROM unnest(p_users, p_kinds, p_amounts) AS x(u, k, amount)
          WHERE x.u IS NOT NULL GROUP BY x.u, x.k) l
    JOIN ledger_accounts a ON a.user_id = l.u AND a.kind = l.k;
  IF short THEN
    r_outcome := 'insufficient';
    RETURN NEXT;
    RETURN;
  END IF;

  INSERT INTO journal_entries AS e (kind, reference, idempotency_scope, idempotency_key, request_hash, actor_kind,
                                    actor_id, memo, created_at)
    VALUES (p_kind, p_reference, p_scope, p_key, p_request_hash, p_actor_kind, p_actor_id, p_memo, p_at)
    RETURNING e.id, e.created_at INTO r_entry_id, r_created_at;
  INSERT INTO postings (entry_id, account_id, amount)
    SELECT r_entry_id,
           CASE WHEN x.u IS NULL
             THEN (SELECT a.id FROM ledger_accounts a WHERE a.user_id IS NULL AND a.kind = x.k)
             ELSE (SELECT a.id FROM ledger_accounts a WHERE a.user_id = x.u AND a.kind = x.k)
           END,
           x.amount
      FROM unnest(p_users, p_kinds, p_amounts) WITH ORDINALITY AS x(u, k, amount, n)
      ORDER BY x.n;
  r_outcome := 'posted';
  r_kind := p_kind;
  r_request_hash := p_request_hash;
  RETURN NEXT;
END $$;

-- A batch of journal entries written set-wise (docs/benchmarks.md, "orders.bench.ts"). ledger_post_many applied
-- a trading batch's entries one ledger_post at a time: some ten statements per entry inside the database, and
-- every posting moved its account's balance with a statement of its own. Measured with pg_stat_statements on
-- a batch of 64 market orders, that was 36 ms of the batch's 78, 0.6 ms an entry, most of it in the postings'
-- INSERT and its row trigger's UPDATE.
--
-- 1. The balance projection moves once per statement: a statement-level trigger over the inserted postings
--    updates each account once with the sum of its postings. What it enforces is unchanged: a user balance is
--    the sum of its postings, in the account's own sense, is never below zero when the statement ends (the
--    CHECK), and changes in no other way (the guard trigger, which still sees the update at trigger depth 2).
-- 2. ledger_post_batch takes the entries as arrays and writes them in a few statements for the whole batch:
--    the keys' locks, the accounts' locks, each user account's balance after every entry in order (a running
--    sum, so an entry sees what those before it moved, as one call at a time did), one INSERT of the entries
--    and one of the postings. When anything is not plain (a key already used or used twice in the batch, an
--    account not open yet, a balance that would go below zero) it applies the entries one ledger_post at a
--    time instead, which answers exactly as before and stops at the first entry not posted.

CREATE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts a
     SET balance = a.balance + CASE WHEN a.normal_side = 'debit' THEN s.amount ELSE -s.amount END
    FROM (SELECT n.account_id, sum(n.amount) AS amount FROM new_postings n GROUP BY n.account_id) s
   WHERE a.id = s.account_id AND a.user_id IS NOT NULL;
  RETURN NULL;
END $$;

DROP TRIGGER postings_apply ON postings;
DROP FUNCTION ledger_apply_posting();
CREATE TRIGGER postings_apply AFTER INSERT ON postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();

-- e_* hold one element per entry; p_* one per posting, p_entry naming its entry (1-based, into e_*). One row
-- comes back per entry applied, as from ledger_post_many.
CREATE FUNCTION ledger_post_batch(
  e_kinds TEXT[],
  e_references TEXT[],
  e_scopes TEXT[],
  e_keys TEXT[],
  e_request_hashes TEXT[],
  e_actor_kinds TEXT[],
  e_actor_ids BIGINT[],
  e_memos TEXT[],
  e_ats TIMESTAMPTZ[],
  p_entry INT[],
  p_users BIGINT[],
  p_kinds TEXT[],
  p_amounts BIGINT[]
) RETURNS TABLE (
  r_n INT,
  r_outcome TEXT,
  r_entry_id BIGINT,
  r_created_at TIMESTAMPTZ,
  r_kind TEXT,
  r_request_hash TEXT
) LANGUAGE plpgsql AS $$
DECLARE
  entries INT := coalesce(array_length(e_keys, 1), 0);
  plain BOOLEAN;
  wanted INT;
  locked INT;
  ids BIGINT[];
  created TIMESTAMPTZ[];
  answer RECORD;
  n INT;
BEGIN
  IF entries = 0 THEN
    RETURN;
  END IF;

  -- The keys, as ledger_post takes them (in one order, so two batches cannot wait for each other's).
  PERFORM pg_advisory_xact_lock(k.h)
     FROM (SELECT DISTINCT hashtextextended(x.s || '|' || x.k, 0) AS h
             FROM unnest(e_scopes, e_keys) AS x(s, k) ORDER BY 1) k;
  plain := (SELECT count(DISTINCT (x.s, x.k)) FROM unnest(e_scopes, e_keys) AS x(s, k)) = entries
    AND NOT EXISTS (SELECT 1 FROM unnest(e_scopes, e_keys) AS x(s, k)
                      JOIN journal_entries e ON e.idempotency_scope = x.s AND e.idempotency_key = x.k);

  IF plain THEN
    SELECT count(*) INTO wanted
      FROM (SELECT DISTINCT l.u, l.k FROM unnest(p_users, p_kinds) AS l(u, k) WHERE l.u IS NOT NULL) w;
    PERFORM 1 FROM ledger_accounts a
      WHERE a.user_id IS NOT NULL
        AND (a.user_id, a.kind) IN (SELECT l.u, l.k FROM unnest(p_users, p_kinds) AS l(u, k) WHERE l.u IS NOT NULL)
      ORDER BY a.id
      FOR UPDATE;
    GET DIAGNOSTICS locked = ROW_COUNT;
    plain := locked = wanted;
  END IF;

  IF plain THEN
    -- Every user account's balance after each entry that touches it, in entry order.
    plain := NOT EXISTS (
      SELECT 1
        FROM (SELECT r.u, r.k, sum(r.amount) OVER (PARTITION BY r.u, r.k ORDER BY r.e) AS moved
                FROM (SELECT x.e, x.u, x.k, sum(x.amount) AS amount
                        FROM unnest(p_entry, p_users, p_kinds, p_amounts) AS x(e, u, k, amount)
                       WHERE x.u IS NOT NULL GROUP BY x.e, x.u, x.k) r) m
        JOIN ledger_accounts a ON a.user_id = m.u AND a.kind = m.k
       WHERE a.balance + CASE WHEN a.normal_side = 'debit' THEN m.moved ELSE -m.moved END < 0);
  END IF;

  IF NOT plain THEN
    FOR n IN 1 .. entries LOOP
      SELECT * INTO answer FROM ledger_post(
        e_kinds[n], e_references[n], e_scopes[n], e_keys[n], e_request_hashes[n], e_actor_kinds[n],
        e_actor_ids[n], e_memos[n], e_ats[n],
        ARRAY(SELECT x.u FROM unnest(p_entry, p_users) WITH ORDINALITY AS x(e, u, o) WHERE x.e = n ORDER BY x.o),
        ARRAY(SELECT x.k FROM unnest(p_entry, p_kinds) WITH ORDINALITY AS x(e, k, o) WHERE x.e = n ORDER BY x.o),
        ARRAY(SELECT x.a FROM unnest(p_entry, p_amounts) WITH ORDINALITY AS x(e, a, o) WHERE x.e = n ORDER BY x.o));
      r_n := n;
      r_outcome := answer.r_outcome;
      r_entry_id := answer.r_entry_id;
      r_created_at := answer.r_created_at;
      r_kind := answer.r_kind;
      r_request_hash := answer.r_request_hash;
      RETURN NEXT;
      IF answer.r_outcome <> 'posted' THEN
        RETURN;
      END IF;
    END LOOP;
    RETURN;
  END IF;

  -- The keys are unique in the batch, so each inserted entry is found again by its key.
  WITH inserted AS (
    INSERT INTO journal_entries AS e (kind, reference, idempotency_scope, idempotency_key, request_hash,
                                      actor_kind, actor_id, memo, created_at)
      SELECT x.kind, x.ref, x.s, x.k, x.h, x.ak, x.ai, x.memo, x.at
        FROM unnest(e_kinds, e_references, e_scopes, e_keys, e_request_hashes, e_actor_kinds, e_actor_ids,
                    e_memos, e_ats) WITH ORDINALITY AS x(kind, ref, s, k, h, ak, ai, memo, at, o)
       ORDER BY x.o
      RETURNING e.id, e.created_at, e.idempotency_scope, e.idempotency_key)
  SELECT array_agg(i.id ORDER BY x.o), array_agg(i.created_at ORDER BY x.o) INTO ids, created
    FROM unnest(e_scopes, e_keys) WITH ORDINALITY AS x(s, k, o)
    JOIN inserted i ON i.idempotency_scope = x.s AND i.idempotency_key = x.k;

  INSERT INTO postings (entry_id, account_id, amount)
    SELECT ids[x.e],
           CASE WHEN x.u IS NULL
             THEN (SELECT a.id FROM ledger_accounts a WHERE a.user_id IS NULL AND a.kind = x.k)
             ELSE (SELECT a.id FROM ledger_accounts a WHERE a.user_id = x.u AND a.kind = x.k)
           END,
           x.amount
      FROM unnest(p_entry, p_users, p_kinds, p_amounts) WITH ORDINALITY AS x(e, u, k, amount, o)
     ORDER BY x.o;

  FOR n IN 1 .. entries LOOP
    r_n := n;
    r_outcome := 'posted';
    r_entry_id := ids[n];
    r_created_at := created[n];
    r_kind := e_kinds[n];
    r_request_hash := e_request_hashes[n];
    RETURN NEXT;
  END LOOP;
END $$;

DROP FUNCTION ledger_post_many(JSONB);

-- Two guards of the ledger that the statement-level balance trigger (20261128T0100) must keep for any INSERT, not
-- only for the two functions that write entries (found by this session's security review):
--
-- 1. A user balance is never below zero after any entry, even inside one statement. The row-level trigger
--    before it moved the balance posting by posting, so the CHECK saw every step; the statement-level one moves
--    each account once by the statement's sum, so one INSERT of two entries (-5,000 then +5,000 on a balance of
--    1,000) passed with the balance at -4,000 in between, as the statement would show it. The trigger now
--    refuses a statement whose running balance, entry by entry in id order, goes below zero for any user
--    account, as ledger_post_batch already refuses such a batch before it writes.
-- 2. An entry's postings are written with the entry: a posting for an entry another transaction created is
--    refused. The append-only triggers refused UPDATE and DELETE but not an INSERT that adds a balanced pair of
--    postings to an old entry, which changed what the entry moved without a new key or entry. Each entry now
--    records the top-level transaction that created it (`created_xact`; pg_current_xact_id() is the top-level
--    id inside savepoints too), and the trigger compares it with the inserting transaction's.

ALTER TABLE journal_entries
  ADD COLUMN created_xact xid8 NOT NULL DEFAULT pg_current_xact_id();

CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stranger BIGINT;
  short BIGINT;
BEGIN
  SELECT n.entry_id INTO stranger
    FROM new_postings n JOIN journal_entries e ON e.id = n.entry_id
   WHERE e.created_xact <> pg_current_xact_id()
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: journal entry % was written by another transaction: its postings are closed', stranger
      USING ERRCODE = 'P0001';
  END IF;

  -- Locks and moves each account once; the rows then hold the balance after the whole statement.
  UPDATE ledger_accounts a
     SET balance = a.balance + CASE WHEN a.normal_side = 'debit' THEN s.amount ELSE -s.amount END
    FROM (SELECT n.account_id, sum(n.amount) AS amount FROM new_postings n GROUP BY n.account_id) s
   WHERE a.id = s.account_id AND a.user_id IS NOT NULL;

  -- The balance after each entry: the balance after the statement, less what the later entries moved.
  SELECT r.account_id INTO short
    FROM (SELECT p.account_id,
                 sum(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.entry_id) AS moved,
                 sum(p.amount) OVER (PARTITION BY p.account_id) AS total
            FROM (SELECT n.account_id, n.entry_id, sum(n.amount) AS amount
                    FROM new_postings n GROUP BY n.account_id, n.entry_id) p) r
    JOIN ledger_accounts a ON a.id = r.account_id
   WHERE a.user_id IS NOT NULL
     AND a.balance + CASE WHEN a.normal_side = 'debit' THEN r.moved - r.total ELSE r.total - r.moved END < 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: account % would go below zero within the statement', short
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;

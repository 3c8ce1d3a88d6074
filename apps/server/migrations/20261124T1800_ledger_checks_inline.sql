-- The balanced-entry checks that run at commit (20261124T1200) each called ledger_check_entry, a second
-- PL/pgSQL function, so every check paid two function calls and two executor starts for one query. An entry of
-- two postings runs the check three times, so this was a measurable share of what an entry costs
-- (docs/benchmarks.md, "ledger.bench.ts"). The triggers now run the query themselves; what they check and when
-- is unchanged: at commit, every entry touched has at least two postings and they sum to zero.
CREATE OR REPLACE FUNCTION ledger_check_posting_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n BIGINT;
  total NUMERIC;
BEGIN
  SELECT count(*), coalesce(sum(amount), 0) INTO n, total FROM postings WHERE entry_id = NEW.entry_id;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger: journal entry % is unbalanced (% postings, sum %)', NEW.entry_id, n, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION ledger_check_new_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n BIGINT;
  total NUMERIC;
BEGIN
  SELECT count(*), coalesce(sum(amount), 0) INTO n, total FROM postings WHERE entry_id = NEW.id;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger: journal entry % is unbalanced (% postings, sum %)', NEW.id, n, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;

DROP FUNCTION ledger_check_entry(BIGINT);

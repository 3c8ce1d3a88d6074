-- ledger_post's statements each touch a handful of rows found by key (the user accounts of one entry), and keep
-- one generic plan each (20261124T1610). A generic plan is costed for arrays of ten elements, and with ten
-- expected rows PostgreSQL judged a hash join over a sequential scan of every ledger account cheaper than ten
-- index look-ups, for as long as the firm has fewer than some ten thousand accounts. Two statements of every
-- entry (locking the accounts, checking their balances) then read the whole table: about 400 of the 750 µs of
-- database CPU an entry cost, measured on one backend (docs/benchmarks.md, "ledger.bench.ts"). Inside the
-- function only nested loops over the indexes are considered; what it does and checks is unchanged.
ALTER FUNCTION ledger_post(TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, BIGINT, TEXT, TIMESTAMPTZ, BIGINT[], TEXT[], BIGINT[])
  SET enable_hashjoin = off;
ALTER FUNCTION ledger_post(TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, BIGINT, TEXT, TIMESTAMPTZ, BIGINT[], TEXT[], BIGINT[])
  SET enable_mergejoin = off;

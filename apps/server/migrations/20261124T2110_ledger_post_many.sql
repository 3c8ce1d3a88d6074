-- Several journal entries in one statement, in order: what one batch of trading decisions posts
-- (docs/benchmarks.md, "orders.bench.ts"). Each entry goes through ledger_post exactly as a single call would,
-- so every check stands; only the round trips between them are gone. An entry sees what the entries before
-- it wrote (a fill draws on the hold posted just before it).
--
-- p_entries is a JSON array of {kind, reference, scope, key, requestHash, actorKind, actorId, memo, at, users,
-- kinds, amounts} (users, kinds and amounts one element per posting, amounts and ids as strings). One row
-- comes back per entry applied, r_n counting from 1, with ledger_post's answer; the first answer other than
-- 'posted' ends the call, and the caller decides what follows (a retried key, accounts to open, a refusal).
CREATE FUNCTION ledger_post_many(p_entries JSONB) RETURNS TABLE (
  r_n INT,
  r_outcome TEXT,
  r_entry_id BIGINT,
  r_created_at TIMESTAMPTZ,
  r_kind TEXT,
  r_request_hash TEXT
) LANGUAGE plpgsql AS $$
DECLARE
  e JSONB;
  n INT;
  answer RECORD;
BEGIN
  FOR e, n IN SELECT x.value, x.ordinality FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS x ORDER BY x.ordinality LOOP
    SELECT * INTO answer FROM ledger_post(
      e->>'kind', e->>'reference', e->>'scope', e->>'key', e->>'requestHash', e->>'actorKind',
      (e->>'actorId')::BIGINT, e->>'memo', (e->>'at')::TIMESTAMPTZ,
      ARRAY(SELECT u.value::BIGINT FROM jsonb_array_elements_text(e->'users') WITH ORDINALITY AS u ORDER BY u.ordinality),
      ARRAY(SELECT k.value FROM jsonb_array_elements_text(e->'kinds') WITH ORDINALITY AS k ORDER BY k.ordinality),
      ARRAY(SELECT a.value::BIGINT FROM jsonb_array_elements_text(e->'amounts') WITH ORDINALITY AS a ORDER BY a.ordinality));
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
END $$;

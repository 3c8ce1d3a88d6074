-- The name identity verification passed with, kept on the user so that the screens greeting the investor by name
-- (the user info) need no look-up of submissions on each request. Set by the database when a submission passes,
-- whichever path decides it; once one has passed, no other is accepted (KYC_ALREADY_PASSED), so it stays.
ALTER TABLE users ADD COLUMN real_name TEXT;

UPDATE users u
SET real_name = s.full_name
FROM (
  SELECT DISTINCT ON (user_id) user_id, full_name
  FROM kyc_submissions
  WHERE status = 'passed'
  ORDER BY user_id, reviewed_at DESC, id DESC
) s
WHERE s.user_id = u.id;

CREATE FUNCTION users_real_name_from_kyc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET real_name = NEW.full_name WHERE id = NEW.user_id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_real_name_from_kyc AFTER INSERT OR UPDATE OF status ON kyc_submissions
  FOR EACH ROW WHEN (NEW.status = 'passed') EXECUTE FUNCTION users_real_name_from_kyc();

-- When the member set a password of its own after an admin issued its credentials: from then on only the member
-- knows its password, so the issue's custody may end (after STAFF_CUSTODY_DAYS at the earliest). Until then the
-- issuing admin could still sign in as the member, however long ago the credentials were issued.
ALTER TABLE staff_credential_issues ADD COLUMN released_at TIMESTAMPTZ;
-- The issued password's hash (null for an authenticator reset): a member may not "change" its password back to
-- one an admin issued it, which would end custody while the admin can still sign in.
ALTER TABLE staff_credential_issues ADD COLUMN password_hash TEXT;

-- Issues the member has already answered with a password change of its own, from the audit log.
UPDATE staff_credential_issues issue
SET released_at = (
  SELECT min(audit.created_at)
  FROM audit_log audit
  JOIN staff_users member ON member.username = audit.target_id
  WHERE audit.target_kind = 'staff'
    AND audit.action = 'staff.password_changed'
    AND member.id = issue.staff_id
    AND audit.staff_id = issue.staff_id
    AND audit.created_at > issue.issued_at
);

-- Earlier issues kept no hash. One the member has not answered leaves it on the password it was given, or on one
-- it is refused again anyway (its current one): that hash stands in.
UPDATE staff_credential_issues issue
SET password_hash = member.password_hash
FROM staff_users member
WHERE member.id = issue.staff_id AND issue.released_at IS NULL;

CREATE INDEX staff_credential_issues_held ON staff_credential_issues (staff_id) WHERE released_at IS NULL;

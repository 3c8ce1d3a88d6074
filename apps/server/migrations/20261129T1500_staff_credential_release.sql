-- When the member set a password of its own after an admin issued its credentials: from then on only the member
-- knows its password, so the issue's custody may end (after STAFF_CUSTODY_DAYS at the earliest). Until then the
-- issuing admin could still sign in as the member, however long ago the credentials were issued.
ALTER TABLE staff_credential_issues ADD COLUMN released_at TIMESTAMPTZ;

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

CREATE INDEX staff_credential_issues_held ON staff_credential_issues (staff_id) WHERE released_at IS NULL;

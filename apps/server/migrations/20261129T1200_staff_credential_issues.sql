-- Who set a staff member's credentials, and when: the member's creation and every reset of the password or the
-- authenticator by an admin, who saw the temporary password and the authenticator's secret. For a while after
-- (STAFF_CUSTODY_DAYS) the two count as one person in every two-person rule: otherwise an admin could credit a
-- user and approve their withdrawal as a member they had just created or reset.
CREATE TABLE staff_credential_issues (
  id BIGSERIAL PRIMARY KEY,
  staff_id BIGINT NOT NULL REFERENCES staff_users (id),
  issued_by BIGINT NOT NULL REFERENCES staff_users (id),
  issued_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX staff_credential_issues_issued_at ON staff_credential_issues (issued_at);

-- Credentials issued before this table, from the audit log (which names the member by username).
INSERT INTO staff_credential_issues (staff_id, issued_by, issued_at)
  SELECT member.id, audit.staff_id, audit.created_at
  FROM audit_log audit
  JOIN staff_users member ON member.username = audit.target_id
  WHERE audit.target_kind = 'staff'
    AND audit.action IN ('staff_member.create', 'staff_member.reset_password', 'staff_member.reset_authenticator')
    AND audit.staff_id IS NOT NULL;

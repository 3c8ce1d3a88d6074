-- The demo's seeded finance clerk and compliance officer, whose names are shown in the reader's language as the
-- demo admin's is.
ALTER TABLE staff_users DROP CONSTRAINT staff_users_display_name_key_check;
ALTER TABLE staff_users ADD CONSTRAINT staff_users_display_name_key_check
  CHECK (display_name_key IN ('demoAdministrator', 'demoFinanceClerk', 'demoComplianceOfficer'));

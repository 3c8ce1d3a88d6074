-- A user without a second factor proves a session with an SMS code to the registered number before adding
-- the first factor or setting the first transaction password.
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
  CHECK (purpose IN ('register', 'reset_password', 'step_up'));

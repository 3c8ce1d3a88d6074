-- Identity verification asks for the name in katakana (フリガナ), stored normalised (full-width katakana,
-- single spaces). Withdrawals go only to bank accounts whose holder is this name. Submissions made before
-- it was asked for have none: their investors cannot withdraw (WITHDRAWAL_HOLDER_MISMATCH) until compliance records
-- it from the document (POST /api/staff/kyc/:id/kana).
ALTER TABLE kyc_submissions ADD COLUMN full_name_kana TEXT;

-- A notice reaches every investor's messages at once, which is exactly how a forged "deposit to this account"
-- or a phishing link would reach them too. So one staff member writes a notice and a different one approves it
-- before any investor sees it (the four-eyes rule of adjustments); a reviewer may also reject it with a reason.
--
-- Notices written before this change were broadcast when written: they count as approved, published then.
ALTER TABLE notices ADD COLUMN status TEXT NOT NULL DEFAULT 'approved'
  CHECK (status IN ('pending', 'approved', 'rejected'));
ALTER TABLE notices ALTER COLUMN status DROP DEFAULT;
ALTER TABLE notices ADD COLUMN reviewed_by_staff_id BIGINT REFERENCES staff_users (id);
ALTER TABLE notices ADD COLUMN reviewed_at TIMESTAMPTZ;
ALTER TABLE notices ADD COLUMN review_reason TEXT CHECK (length(review_reason) BETWEEN 1 AND 500);
ALTER TABLE notices ADD COLUMN published_at TIMESTAMPTZ;
UPDATE notices SET published_at = created_at;

ALTER TABLE notices ADD CONSTRAINT notices_review_state CHECK (
  (status = 'pending' AND reviewed_by_staff_id IS NULL AND reviewed_at IS NULL AND published_at IS NULL)
  OR (status = 'approved' AND published_at IS NOT NULL)
  OR (status = 'rejected' AND reviewed_by_staff_id IS NOT NULL AND reviewed_at IS NOT NULL
      AND review_reason IS NOT NULL AND published_at IS NULL)
);
ALTER TABLE notices ADD CONSTRAINT notices_second_person
  CHECK (reviewed_by_staff_id IS NULL OR reviewed_by_staff_id <> created_by_staff_id);

-- Investors' feeds read published notices by their publication time.
CREATE INDEX notices_published ON notices (published_at DESC, id DESC) WHERE status = 'approved';

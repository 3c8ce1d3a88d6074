-- Seeded texts are shown in the viewer's language: a row written by the demo seed names its text by key
-- (rendered through i18n), and the stored text stays as the fallback for clients that do not know the key.
ALTER TABLE invitation_codes ADD COLUMN note_key TEXT CHECK (note_key IN ('demoInvitationNote'));
ALTER TABLE staff_users ADD COLUMN display_name_key TEXT CHECK (display_name_key IN ('demoAdministrator'));

-- Databases seeded before this migration: the demo rows, as long as nobody has changed their text since.
UPDATE invitation_codes SET note_key = 'demoInvitationNote'
  WHERE code = 'WELCOME' AND kind = 'staff' AND note = 'Demo: unlimited uses';
UPDATE staff_users SET display_name_key = 'demoAdministrator'
  WHERE username = 'admin' AND display_name = 'Administrator';

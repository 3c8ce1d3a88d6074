import { expect, test } from '@playwright/test';
import { DEMO_STAFF, totpCode } from '../support';
import { fillLogin, openBackOffice, type BackOfficeLang } from './staff-session';

test.use({ viewport: { width: 1440, height: 900 } });

/** The current code with its last digit changed: certainly not accepted. */
function wrongTotpCode(): string {
  const code = totpCode();
  return code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
}

const EXPECTED: Record<BackOfficeLang, string> = {
  ja: 'スタッフID、パスワードまたは認証コードが正しくありません',
  en: 'Incorrect staff ID, password or authenticator code',
};

for (const lang of ['ja', 'en'] as const) {
  test(`a wrong authenticator code is refused in ${lang} and the staff member stays on the login page`, async ({
    page,
  }) => {
    await openBackOffice(page, lang, '#/login');
    await fillLogin(page, {
      username: DEMO_STAFF.username,
      password: DEMO_STAFF.password,
      totp: wrongTotpCode(),
    });
    await expect(page.getByTestId('form-error')).toHaveText(EXPECTED[lang]);
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
  });
}

test('the login form checks its fields before calling the server', async ({ page }) => {
  await openBackOffice(page, 'ja', '#/login');
  await fillLogin(page, { username: DEMO_STAFF.username, password: DEMO_STAFF.password, totp: '' });
  await expect(page.getByTestId('form-error')).toHaveText('認証アプリの6桁のコードを入力してください');
});

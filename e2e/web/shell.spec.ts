import { expect, test } from '@playwright/test';
import { expectStartupToOpenHome, holdUpdateCheck, message } from './helpers';

test('the startup screen checks the server and opens Home', async ({ page }) => {
  // Held at the update check, so the step after the server check stays on screen however fast the start is
  // (unheld, it once passed by between two polls).
  const releaseUpdateCheck = await holdUpdateCheck(page);
  await page.goto('/');
  await expect(page.getByTestId('startup-steps')).toContainText(
    message('ja', 'web', 'startup.steps.connected'),
  );
  releaseUpdateCheck();
  await expectStartupToOpenHome(page);
  await expect(page).toHaveURL(/#\/pages\/index\/index$/);
});

test('switching the language changes the interface at once and is kept', async ({ page }) => {
  await page.goto('/#/subPackages/switchLanguage/switchLanguage');
  await expect(page.getByTestId('nav-title')).toHaveText('言語');

  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('nav-title')).toHaveText('Language');
  await page.goto('/#/subPackages/login/login');
  await expect(page.getByTestId('login-submit')).toHaveText('Log in');
  await page.reload();
  await expect(page.getByTestId('login-submit')).toHaveText('Log in');

  await page.goto('/#/subPackages/switchLanguage/switchLanguage');
  await page.getByTestId('language-ja').click();
  await expect(page.getByTestId('nav-title')).toHaveText('言語');
  await page.goto('/#/subPackages/login/login');
  await expect(page.getByTestId('login-submit')).toHaveText('ログイン');
});

test('an unknown route shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/#/nope');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await page.getByTestId('not-found-home').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('the tab bar switches between the five tab pages', async ({ page }) => {
  await page.goto('/#/pages/index/index');
  await page.getByTestId('tab-user').click();
  await expect(page).toHaveURL(/#\/pages\/user\/user$/);
  await expect(page.getByTestId('user-guest')).toBeVisible();
  await page.getByTestId('tab-market').click();
  await expect(page).toHaveURL(/#\/pages\/market\/market$/);
  await expect(page.getByTestId('market-list')).toBeVisible();
});

test('the startup screen reports a lost connection and retries on tap', async ({ page }) => {
  await page.route('**/api/health*', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByTestId('startup-error')).toHaveText(message('ja', 'common', 'networkError'));

  await page.unroute('**/api/health*');
  await page.getByTestId('startup-page').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

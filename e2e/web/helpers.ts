import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshMobile, latestSmsCode } from '../support';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'i18n', 'locales');

/** A message from the shared catalogue, so assertions follow the translations. */
export function message(
  lang: string,
  namespace: 'errors' | 'web' | 'common' | 'messages',
  key: string,
): string {
  const tree = JSON.parse(readFileSync(join(localesDir, lang, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`no ${lang} ${namespace}:${key}`);
  return value;
}

/** Starts every page load of this test in the given interface language. */
export async function useLanguage(page: Page, lang: string): Promise<void> {
  await page.addInitScript((locale) => window.localStorage.setItem('locale', locale), lang);
}

/** The text input inside an antd-mobile Input carrying the test id. */
export const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

/** Registers a new investor through the register screen, as a person would, and waits for Home. */
export async function registerInBrowser(
  page: Page,
  request: APIRequestContext,
  inviteCode: string,
): Promise<string> {
  const mobile = freshMobile();
  await page.goto('/#/subPackages/register/register');
  await input(page, 'register-mobile').fill(mobile);
  await input(page, 'register-password').fill('pass1234');
  await input(page, 'register-confirm').fill('pass1234');
  await input(page, 'register-invite').fill(inviteCode);
  await page.getByTestId('sms-code-button').click();
  await expect(page.getByTestId('sms-code-button')).toBeDisabled();
  await input(page, 'register-sms').fill(await latestSmsCode(request, mobile));
  await page.getByTestId('register-agree').click();
  await page.getByTestId('register-submit').click();
  return mobile;
}

/** Answers the step-up dialog of a user who has no factor yet with the SMS code sent to their number. */
export async function confirmBySms(page: Page, request: APIRequestContext, mobile: string): Promise<void> {
  await expect(page.getByTestId('step-up-dialog')).toBeVisible();
  await page.getByTestId('step-up-sms-send').click();
  await expect(page.getByTestId('step-up-sms-send')).toBeDisabled();
  await input(page, 'step-up-sms-code').fill(await latestSmsCode(request, mobile));
  await page.getByTestId('step-up-sms-submit').click();
}

export async function loginInBrowser(page: Page, mobile: string, password: string): Promise<void> {
  await page.goto('/#/subPackages/login/login');
  await input(page, 'login-account').fill(mobile);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/index\/index$/);
}

/** Phone-first layout: neither the page nor its scrolling content may be wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() =>
    [document.documentElement, ...Array.from(document.querySelectorAll('.kb-subpage-body, .kb-tab-content'))]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.className || element.tagName),
  );
  expect(overflowing).toEqual([]);
}

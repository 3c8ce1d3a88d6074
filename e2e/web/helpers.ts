import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freshMobile,
  latestSmsCode,
  registerByApi,
  setTransactionPasswordByApi,
  stepUpBySmsApi,
  submitKycByApi,
  totpCode,
  userApi,
} from '../support';
import { approveKycByApi, creditByApi, newStaffMember, type StaffSession } from '../backoffice/staff-session';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'i18n', 'locales');

/** A message from the shared catalogue, so assertions follow the translations. */
export function message(
  lang: string,
  namespace: 'errors' | 'web' | 'common' | 'messages' | 'backoffice' | 'market' | 'trade',
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

/** A message from the shared catalogue with its {{placeholders}} filled in. */
export function messageWith(
  lang: string,
  namespace: Parameters<typeof message>[1],
  key: string,
  values: Record<string, string>,
): string {
  return message(lang, namespace, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {{${name}}} in ${namespace}:${key}`);
    return value;
  });
}

/** Text as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A catalogue message as a whole-text pattern: each placeholder named in `patterns` matches that pattern, the
 * others their value, the rest literally.
 */
export function messagePattern(
  lang: string,
  namespace: Parameters<typeof message>[1],
  key: string,
  values: Record<string, string>,
  patterns: Record<string, string>,
): RegExp {
  const marks = Object.fromEntries(Object.keys(patterns).map((name, i) => [name, `\u0000${i}\u0000`]));
  let text = escapeRegExp(messageWith(lang, namespace, key, { ...values, ...marks }));
  Object.values(patterns).forEach((pattern, i) => (text = text.replace(`\u0000${i}\u0000`, pattern)));
  return new RegExp(`^${text}$`);
}

/** Starts every page load of this test in the given interface language. */
export async function useLanguage(page: Page, lang: string): Promise<void> {
  await page.addInitScript((locale) => window.localStorage.setItem('locale', locale), lang);
}

/**
 * Holds the update checks (GET /api/app/info) until the returned function is called, so the startup
 * screen stays at its third step however slowly the machine draws it; later checks pass straight through.
 * Release within the app's 10-second request timeout, or the screen shows its timeout error.
 */
export async function holdUpdateCheck(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/app/info*', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Today in Japan (YYYY-MM-DD), as a date input holds it. */
export const jstToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

/**
 * A calendar date (YYYY-MM-DD) as the app prints it in `lang`, with its weekday: 2026/11/27(金). Worked out here
 * from the translations, not with the app's own dateWithWeekday, so that the suite checks the app rather than
 * repeating it (as every expectation here reads the locale files, not the app's code).
 */
export function dateText(lang: string, date: string): string {
  const weekday = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][
    new Date(`${date}T12:00:00Z`).getUTCDay()
  ]!;
  return messageWith(lang, 'common', 'dateWithWeekday', {
    date: date.replaceAll('-', '/'),
    weekday: message(lang, 'common', `weekday.${weekday}`),
  });
}

/**
 * Waits for the startup screen to give way to Home, up to 30 s (a first screen on a loaded CI machine). A startup
 * that stopped on its error fails at once, with the error it shows, rather than as a Home that never came.
 */
export async function expectStartupToOpenHome(page: Page): Promise<void> {
  const home = page.getByTestId('home-page');
  const failed = page.getByTestId('startup-error');
  await expect(home.or(failed)).toBeVisible({ timeout: 30_000 });
  if (await failed.isVisible())
    throw new Error(`the startup stopped on its error: ${await failed.textContent()}`);
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

/** As long as an expect() waits (playwright.config.ts), rather than the whole test's time. */
const TOAST_WAIT_MS = 20_000;

/**
 * The toast that says `text` (or contains it), read and measured in one look: a toast is gone after 2 s, which
 * on a slow machine can be sooner than a second call after the one that found it.
 */
export async function shownToast(
  page: Page,
  text = '',
): Promise<{ text: string; width: number; height: number; splitWords: string[] }> {
  const found = await page.waitForFunction(
    (wanted) => {
      const toast = document.querySelector<HTMLElement>('.adm-toast-main');
      if (!toast?.textContent?.includes(wanted)) return null;
      const { width, height } = toast.getBoundingClientRect();
      // Runs between spaces drawn over two lines: a word broken inside ("t / ry"). Japanese has no spaces, so
      // there a whole sentence is one run.
      const splitWords: string[] = [];
      const walker = document.createTreeWalker(toast, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) splitWords.push(word[0]);
        }
      return { text: toast.innerText, width, height, splitWords };
    },
    text,
    { timeout: TOAST_WAIT_MS },
  );
  return (await found.jsonValue())!;
}

/** What the API answers a registration or a login with: enough to act as the investor. */
export interface InvestorSession {
  token: string;
  userId: string;
}

/** Opens the investor app already signed in with a session from the API (no login, so no new-device message). */
export async function openSignedInPhone(page: Page, session: InvestorSession, path: string): Promise<void> {
  await page.addInitScript(({ token, userId }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userId', userId);
  }, session);
  await page.goto(path);
}

/**
 * Replaces the page's session with another session of the investor and reloads, keeping the page (and so
 * its virtual authenticator). The app reads the session from storage on start, as after a restart.
 */
export async function switchSession(page: Page, session: InvestorSession): Promise<void> {
  await page.evaluate(({ token, userId }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userId', userId);
  }, session);
  await page.reload();
}

/** Chromium's virtual authenticator: a platform passkey with user verification, answering by itself. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** An order as the API takes it; what is left out is a 1-lot 1x market buy of Toyota (7203). */
interface OrderByApi {
  code?: string;
  side?: 'long' | 'short';
  type?: 'market' | 'limit';
  lots?: number;
  leverage?: number;
  price?: string;
  validity?: 'day' | 'week';
}

/**
 * Places an order through the API (a fresh idempotency key; a refusal throws), for a test of what follows an
 * order rather than of the order panel, which the trading specs click through.
 */
export function placeOrderByApi<T = { id: string; status: string }>(
  request: APIRequestContext,
  token: string,
  order: OrderByApi = {},
): Promise<T> {
  return userApi<T>(request, token, '/api/orders', {
    code: '7203',
    side: 'long',
    type: 'market',
    lots: 1,
    leverage: 1,
    ...order,
  });
}

export const TRANSACTION_PASSWORD = '246810';

/**
 * A new investor whose identity staff verified, through the API, as the firm needs before it takes their money;
 * no transaction password and no money yet.
 */
export async function verifiedInvestor(
  request: APIRequestContext,
  staff: StaffSession,
  fullName = '山田 太郎',
  fullNameKana = 'ヤマダ タロウ',
) {
  const investor = await registerByApi(request);
  await submitKycByApi(request, investor.token, { fullName, fullNameKana, idNumber: `DL${investor.mobile}` });
  await approveKycByApi(request, staff, investor.userId);
  return investor;
}

/**
 * A new investor who may withdraw but for a second factor and a bank account: registered, with a transaction
 * password, identity verified by staff and `cash` credited by a finance member the staff session creates, all
 * through the API. The session it returns is the registration's.
 */
export async function investorWithCash(
  request: APIRequestContext,
  staff: StaffSession,
  cash: string,
  fullName = '山田 太郎',
  fullNameKana = 'ヤマダ タロウ',
) {
  const investor = await verifiedInvestor(request, staff, fullName, fullNameKana);
  await setTransactionPasswordByApi(request, investor, TRANSACTION_PASSWORD);
  // For the investor's notice, as a transfer is, and credited by a separate finance member: whoever credits
  // a user a deposit may not approve that user's withdrawals, and the tests approve them with `staff`.
  const notice = await userApi<{ id: string }>(request, investor.token, '/api/funding/deposit-notices', {
    amount: cash,
    transferDate: jstToday(),
    // From an account in the investor's own name, as the firm accepts only those.
    senderName: fullNameKana,
  });
  const finance = await newStaffMember(request, staff, 'finance');
  await creditByApi(request, finance, investor.userId, cash, notice.id.replace('notice-', ''));
  return { ...investor, fullName };
}

/**
 * What a withdrawal needs beside the cash, added through the API: an authenticator app (after an SMS step-up)
 * and a bank account in the investor's name (ヤマダ タロウ, as investorWithCash verifies; branch 210, the number the last seven digits of the phone).
 * Answers the app's TOTP secret.
 */
export async function withAuthenticatorAndBankAccount(
  request: APIRequestContext,
  investor: { token: string; mobile: string },
): Promise<string> {
  await stepUpBySmsApi(request, investor);
  const { secret } = await userApi<{ secret: string }>(
    request,
    investor.token,
    '/api/account/factors/totp',
    {},
  );
  await userApi(request, investor.token, '/api/account/factors/totp/verify', { code: totpCode(secret) });
  await userApi(request, investor.token, '/api/funding/bank-accounts', {
    holderName: 'ヤマダ タロウ',
    bankName: 'みずほ銀行',
    branchName: '渋谷支店',
    branchCode: '210',
    accountNumber: investor.mobile.slice(-7),
  });
  return secret;
}

/**
 * Waits until an overlay (a dialog, a bottom sheet) has finished appearing, so a screenshot shows it as a
 * person sees it: the element and its ancestors fully opaque, and nothing, masks included, changing over
 * two animation frames (antd-mobile animates in JavaScript, which Playwright cannot fast-forward).
 */
export async function waitUntilSettled(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate(async (element) => {
        const snapshot = () => {
          const opacities: string[] = [];
          for (let node: Element | null = element; node; node = node.parentElement)
            opacities.push(getComputedStyle(node).opacity);
          const masks = Array.from(
            document.querySelectorAll('.adm-mask'),
            (mask) => getComputedStyle(mask).opacity,
          );
          const box = element.getBoundingClientRect();
          return { opacities, masks, box: [box.x, box.y, box.width, box.height] };
        };
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const before = JSON.stringify(snapshot());
        await frame();
        await frame();
        const after = snapshot();
        return before === JSON.stringify(after) && after.opacities.every((opacity) => opacity === '1');
      }),
    )
    .toBe(true);
}

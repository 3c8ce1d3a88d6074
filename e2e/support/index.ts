import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOTP } from 'otpauth';
import { idCardPhoto } from './id-photos';

export const DEMO_INVESTOR = { mobile: '09000000001', password: 'demo1234', transactionPassword: '123456' };
export const DEMO_STAFF = {
  username: 'admin',
  password: 'Kabuto-admin-2026',
  totpSecret: 'KABUTOADMINDEMO2',
};

/** The server the running test drives: the suite starts one per project (playwright.config.ts). */
export const serverName = () => test.info().project.name;
export const serverPort = () => Number(new URL(test.info().project.use.baseURL!).port);

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, '..', 'artifacts', 'screenshots');

/**
 * Answers the page's requests to `url` (a glob) with a server error until the returned function is called; from
 * then on they reach the server.
 */
export async function failRequests(page: Page, url: string): Promise<() => void> {
  let failing = true;
  await page.route(url, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 0, errorCode: 'INTERNAL', msg: 'down' }),
        })
      : route.continue(),
  );
  return () => {
    failing = false;
  };
}

/**
 * Waits until antd's opening zoom of a dialog is over: a click while the dialog still grows from nothing can miss
 * its button (CI runs clicked a dialog's button mid-animation, nothing happened, and the dialog stayed open).
 */
export async function dialogOpened(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
}

/** Gives the reason for an audited back-office action in its dialog, the one confirmation, and sends it. */
export async function sendWithReason(page: Page, reason: string): Promise<void> {
  await dialogOpened(reasonDialog(page));
  await page.getByTestId('reason-input').fill(reason);
  await page.getByTestId('reason-submit').click();
}

/** The back office's dialog that asks for an action's reason. */
export function reasonDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByTestId('reason-input') });
}

/** Saves a full-page screenshot under e2e/artifacts/screenshots/<name>.png (kept by CI as an artifact). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The current TOTP code for a base32 secret (the demo staff's by default). */
export function totpCode(secret = DEMO_STAFF.totpSecret): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

let counter = 0;
/** A fresh, valid, unused Japanese mobile number for this run. */
export function freshMobile(): string {
  counter += 1;
  const suffix = `${Date.now() % 1_000_000}${counter}`.slice(-8).padStart(8, '0');
  return `080${suffix}`;
}

/** Reads the latest code the dev SMS outbox holds for a number. */
export async function latestSmsCode(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.get(`/api/dev/sms?mobile=${mobile}`);
  const body = (await response.json()) as { data: { items: { code: string }[] } };
  const code = body.data.items[0]?.code;
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}

/** Registers a user through the API with the WELCOME code and returns its credentials and token. */
export async function registerByApi(request: APIRequestContext, inviteCode = 'WELCOME') {
  const mobile = freshMobile();
  const password = 'pass1234';
  await request.post('/api/auth/sms-code', { data: { mobile, purpose: 'register' } });
  const smsCode = await latestSmsCode(request, mobile);
  const response = await request.post('/api/auth/register', {
    data: { mobile, password, confirmPassword: password, inviteCode, smsCode },
  });
  const body = (await response.json()) as {
    code: number;
    msg: string;
    data: { token: string; userId: string };
  };
  if (body.code !== 1) throw new Error(`register failed: ${body.msg}`);
  return { mobile, password, token: body.data.token, userId: body.data.userId };
}

/** A fresh `Idempotency-Key`, required by the endpoints that move money. */
export const newIdempotencyKey = () => `e2e-${randomUUID()}`;

/** Calls an investor endpoint with a session token and returns `data`; a POST carries a fresh `Idempotency-Key`, as the app sends. */
export async function userApi<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers = { token };
  const response =
    body === undefined
      ? await request.get(path, { headers })
      : await request.post(path, {
          headers: { ...headers, 'idempotency-key': newIdempotencyKey() },
          data: body,
        });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 1) throw new Error(`${path} failed: ${envelope.msg}`);
  return envelope.data;
}

/** Steps a session without a factor up with the SMS code to the user's number, before adding a first factor. */
export async function stepUpBySmsApi(
  request: APIRequestContext,
  user: { token: string; mobile: string },
): Promise<void> {
  await userApi(request, user.token, '/api/auth/step-up/sms', {});
  const code = await latestSmsCode(request, user.mobile);
  await userApi(request, user.token, '/api/auth/step-up', { method: 'sms', code });
}

/** Sets a first transaction password (the login password confirms it). Other sessions of the user end. */
export async function setTransactionPasswordByApi(
  request: APIRequestContext,
  user: { token: string; password: string },
  transactionPassword: string,
): Promise<void> {
  await userApi(request, user.token, '/api/account/transaction-password', {
    oldPassword: user.password,
    newPassword: transactionPassword,
    confirmPassword: transactionPassword,
  });
}

/** Submits identity documents through the API, as the identity verification screen does (front JPEG, back PNG). */
export async function submitKycByApi(
  request: APIRequestContext,
  token: string,
  person: { fullName: string; fullNameKana: string; idNumber: string },
): Promise<void> {
  const response = await request.post('/api/kyc', {
    headers: { token },
    multipart: {
      ...person,
      front: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await idCardPhoto('front', 'jpeg') },
      back: { name: 'back.png', mimeType: 'image/png', buffer: await idCardPhoto('back', 'png') },
    },
  });
  const body = (await response.json()) as { code: number; msg: string };
  if (body.code !== 1) throw new Error(`identity submission failed: ${body.msg}`);
}

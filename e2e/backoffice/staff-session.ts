import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DEMO_STAFF, newIdempotencyKey, serverName, totpCode } from '../support';

const STEP_MS = 30_000;
/** The last TOTP time step this suite has used on the test's server, shared by every spec file of a run. */
const usedStepFile = () => join(tmpdir(), `kabuto-e2e-backoffice-totp-step-${serverName()}`);

export type BackOfficeLang = 'ja' | 'en';
/** Every language the back office offers. */
export type BackOfficeLocale = 'ja' | 'zh-CN' | 'en' | 'es' | 'fr';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TOTP code the server has not accepted yet. The server refuses a code whose time step was already
 * used (no replay), so a second login within the same 30-second step waits for the next step.
 */
export async function unusedTotpCode(): Promise<string> {
  const usedStepPath = usedStepFile();
  const usedStep = existsSync(usedStepPath) ? Number(readFileSync(usedStepPath, 'utf8')) : -1;
  let now = Date.now();
  let step = Math.floor(now / STEP_MS);
  const closeToNextStep = (step + 1) * STEP_MS - now < 1_500;
  if (step <= usedStep || closeToNextStep) {
    await sleep((step + 1) * STEP_MS - now + 200);
    now = Date.now();
    step = Math.floor(now / STEP_MS);
  }
  writeFileSync(usedStepPath, String(step));
  return totpCode();
}

/**
 * Opens the back office in a language (stored as the staff member's choice). Always a fresh document:
 * a hash change alone would neither run the init scripts nor reload the stored session.
 */
export async function openBackOffice(page: Page, lang: BackOfficeLocale, hash = '#/'): Promise<void> {
  await page.addInitScript((locale) => localStorage.setItem('boLocale', locale), lang);
  await page.goto('about:blank');
  await page.goto(`/backoffice/${hash}`);
}

/**
 * Opens the login page and waits for its card. A spec's first page loads the back office cold, and on a 2-core
 * machine running the other project beside it that has taken more than 10 s (traces showed the spinner after
 * every chunk had arrived), so it may take 30.
 */
export async function openLoginPage(page: Page, lang: BackOfficeLocale): Promise<void> {
  await openBackOffice(page, lang, '#/login');
  await expect(page.getByTestId('login-card')).toBeVisible({ timeout: 30_000 });
}

export async function fillLogin(
  page: Page,
  credentials: { username: string; password: string; totp: string },
) {
  await page.getByTestId('login-username').fill(credentials.username);
  await page.getByTestId('login-password').fill(credentials.password);
  await page.getByTestId('login-totp').fill(credentials.totp);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the login form with the demo staff account and waits for the console. */
export async function loginInUi(page: Page, lang: BackOfficeLang): Promise<void> {
  await openBackOffice(page, lang, '#/login');
  await fillLogin(page, {
    username: DEMO_STAFF.username,
    password: DEMO_STAFF.password,
    totp: await unusedTotpCode(),
  });
  await page.getByTestId('side-menu').waitFor();
}

export interface StaffSession {
  token: string;
  deviceToken: string;
  staff: unknown;
}

/** The demo staff's session on the test's server in this run (see loginByApi), kept beside the used step. */
const sharedSessionFile = () =>
  join(
    tmpdir(),
    `kabuto-e2e-staff-session-${basename(process.env.E2E_DATA_DIR ?? 'default')}-${serverName()}.json`,
  );

async function signIn(request: APIRequestContext): Promise<StaffSession> {
  const response = await request.post('/api/staff/auth/login', {
    data: { username: DEMO_STAFF.username, password: DEMO_STAFF.password, totp: await unusedTotpCode() },
  });
  const body = (await response.json()) as { code: number; msg: string; data: StaffSession };
  if (body.code !== 1) throw new Error(`staff login failed: ${body.msg}`);
  return body.data;
}

async function stillSignedIn(request: APIRequestContext, session: StaffSession): Promise<boolean> {
  const response = await request.get('/api/staff/me', { headers: { token: session.token } });
  return response.ok() && ((await response.json()) as { code: number }).code === 1;
}

/**
 * The demo staff signed in through the API, for tests about other screens than the login. Every spec file
 * of a run shares one session, kept in a file (each spec file loads this module afresh): a new login may
 * wait up to 30 s for an authenticator code the server has not seen, and the suite would otherwise spend
 * minutes waiting. A kept session the server no longer accepts is replaced.
 */
export async function loginByApi(request: APIRequestContext): Promise<StaffSession> {
  const sessionPath = sharedSessionFile();
  if (existsSync(sessionPath)) {
    const kept = JSON.parse(readFileSync(sessionPath, 'utf8')) as StaffSession;
    if (await stillSignedIn(request, kept)) return kept;
  }
  const session = await signIn(request);
  writeFileSync(sessionPath, JSON.stringify(session));
  return session;
}

/** Opens the back office already signed in with a session (as the app stores it after a login). */
export async function openSignedIn(page: Page, session: StaffSession, lang: BackOfficeLocale, hash = '#/') {
  await page.addInitScript(
    (token) => localStorage.setItem('boStaffSession', JSON.stringify({ state: { token }, version: 0 })),
    session.token,
  );
  await openBackOffice(page, lang, hash);
  await page.getByTestId('side-menu').waitFor();
}

/** Calls a staff endpoint with a session token and returns `data`; a POST carries a fresh `Idempotency-Key`, as the back office sends. */
export async function staffApi<T>(
  request: APIRequestContext,
  session: StaffSession,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers = { token: session.token };
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

let membersCreated = 0;
/**
 * A new staff member created by the admin session and signed in through the API: the second, different
 * reviewer an identity verification (KYC_SECOND_REVIEW is on by default) or a notice needs, or the finance
 * member who credits a deposit the admin may then pay out. A new member's first authenticator code is always
 * unused.
 */
export async function newStaffMember(
  request: APIRequestContext,
  admin: StaffSession,
  role: 'compliance' | 'support' | 'finance' = 'compliance',
): Promise<StaffSession> {
  membersCreated += 1;
  const username = `reviewer-${process.pid}-${Date.now() % 1_000_000}-${membersCreated}`;
  const credentials = await staffApi<{ temporaryPassword: string; totpSecret: string }>(
    request,
    admin,
    '/api/staff/members',
    { username, displayName: 'Second reviewer', role },
  );
  const response = await request.post('/api/staff/auth/login', {
    data: {
      username,
      password: credentials.temporaryPassword,
      totp: totpCode(credentials.totpSecret),
    },
  });
  const body = (await response.json()) as { code: number; msg: string; data: StaffSession };
  if (body.code !== 1) throw new Error(`second reviewer login failed: ${body.msg}`);
  return body.data;
}

/**
 * Passes the user's pending identity submission through the API, as the KYC detail screen does: the first
 * approval by the session, the second by a member it creates.
 */
export async function approveKycByApi(
  request: APIRequestContext,
  session: StaffSession,
  userId: string,
): Promise<void> {
  const { items } = await staffApi<{ items: { id: string; userId: string }[] }>(
    request,
    session,
    '/api/staff/kyc?status=pending&pageSize=100',
  );
  const submission = items.find((item) => item.userId === userId);
  if (!submission) throw new Error(`no pending identity submission of user ${userId}`);
  await staffApi(request, session, `/api/staff/kyc/${submission.id}/approve`, {});
  const reviewer = await newStaffMember(request, session);
  await staffApi(request, reviewer, `/api/staff/kyc/${submission.id}/approve`, {});
}

/** Credits a deposit against a bank statement line, as finance staff do: for the user's notice, or without one. */
export async function creditByApi(
  request: APIRequestContext,
  session: StaffSession,
  userId: string,
  amount: string,
  noticeId?: string,
): Promise<void> {
  await staffApi(request, session, '/api/staff/deposits', {
    userId,
    amount,
    bankReference: `STMT-${userId}-${Date.now()}`,
    ...(noticeId ? { noticeId } : {}),
  });
}

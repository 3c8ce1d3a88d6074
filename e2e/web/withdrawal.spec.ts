import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { TOTP } from 'otpauth';
import { dialogOpened, screenshot, userApi } from '../support';
import { loginByApi, newStaffMember, openSignedIn, staffApi } from '../backoffice/staff-session';
import {
  addVirtualAuthenticator,
  confirmBySms,
  expectNoHorizontalOverflow,
  input,
  investorWithCash,
  loginInBrowser,
  message,
  messageWith,
  openSignedInPhone,
  switchSession,
  TRANSACTION_PASSWORD,
  useLanguage,
  waitUntilSettled,
  withAuthenticatorAndBankAccount,
} from './helpers';

// WebAuthn needs a secure context and a domain as RP ID: this file runs on localhost, not 127.0.0.1.
test.use({ baseURL: async ({ baseURL }, use) => use(baseURL!.replace('//127.0.0.1:', '//localhost:')) });
// The first test's staff login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(180_000);

const WITHDRAWAL = '/#/subPackages/withdrawal/withdrawal';
const SETTINGS = '/#/subPackages/seting/seting';
const TRANSACTION_LOG = '/#/subPackages/transactionLog/transactionLog';
const ACCOUNT_LOG = '/#/subPackages/bankAccount/accountLog';
const HOME = '/#/pages/index/index';

const BANK = { holderName: 'ヤマダ タロウ', bankName: 'みずほ銀行', branchName: '渋谷支店' };

/** The bank account form, filled and sent as a person would. */
async function addBankAccount(page: Page, accountNumber: string, holderName: string = BANK.holderName) {
  await input(page, 'bank-holderName').fill(holderName);
  await input(page, 'bank-bankName').fill(BANK.bankName);
  await input(page, 'bank-branchName').fill(BANK.branchName);
  await input(page, 'bank-branchCode').fill('210');
  await input(page, 'bank-accountNumber').fill(accountNumber);
  await page.getByTestId('bank-submit').click();
}

/** Amount, destination, transaction password, then the confirmation dialog's Send. */
async function requestWithdrawal(page: Page, lang: string, amount: string, shot?: string) {
  await input(page, 'withdrawal-amount').fill(amount);
  await page.getByTestId('withdrawal-bank').first().click();
  await input(page, 'withdrawal-password').fill(TRANSACTION_PASSWORD);
  if (shot) await screenshot(page, shot);
  await page.getByTestId('withdrawal-review').click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByTestId('withdrawal-confirm') });
  await expect(confirm).toContainText(message(lang, 'web', 'funding.withdrawal.confirmTitle'));
  await confirm.getByRole('button', { name: message(lang, 'web', 'funding.withdrawal.send') }).click();
}

async function openSideMenu(page: Page) {
  await page.goto(HOME);
  await page.getByTestId('top-bar-user').click();
  return page.getByTestId('side-menu');
}

for (const lang of ['ja', 'en'] as const) {
  test(`${lang}: a withdrawal confirmed with a passkey, approved in the back office, is paid with a message`, async ({
    page,
    context,
    request,
  }) => {
    const staff = await loginByApi(request);
    const investor = await investorWithCash(request, staff, '300000');
    const accountNumber = investor.mobile.slice(-7);
    await addVirtualAuthenticator(page);
    await useLanguage(page, lang);
    await loginInBrowser(page, investor.mobile, investor.password);

    // Settings, security: a passkey from the phone's authenticator.
    await page.goto(SETTINGS);
    await page.getByTestId('settings-security').click();
    await page.getByTestId('security-add-passkey').click();
    await confirmBySms(page, request, investor.mobile);
    await expect(page.getByTestId('factor-passkey')).toBeVisible();

    // The withdrawal screen has nowhere to send money yet, and says where to add a bank account.
    await page.goto(WITHDRAWAL);
    await page.getByTestId('withdrawal-add-bank').click();
    await expect(page.getByTestId('bank-account-page')).toBeVisible();
    // With a passkey there is nothing to set up first.
    await expect(page.getByTestId('bank-set-factor')).toHaveCount(0);
    // Only an account in the investor's own name: another person's is refused beside the holder field.
    await addBankAccount(page, accountNumber, 'スズキ ハナコ');
    await expect(page.getByTestId('bank-holderName-error')).toHaveText(
      message(lang, 'errors', 'BANK_HOLDER_MISMATCH'),
    );
    await expect(page.getByTestId('bank-account')).toHaveCount(0);
    await screenshot(page, `${lang}-bank-account-holder-mismatch`);
    await addBankAccount(page, accountNumber, 'ﾔﾏﾀﾞ ﾀﾛｳ');
    await expect(page.getByTestId('bank-account')).toContainText(BANK.bankName);
    await expect(page.getByTestId('bank-account')).toContainText(BANK.holderName);
    await expect(page.getByTestId('bank-account')).toContainText(accountNumber.slice(-4));
    await expect(page.getByTestId('bank-account')).not.toContainText(accountNumber);
    // Added: the form starts again empty, and stays so when the page is opened again.
    await expect(input(page, 'bank-holderName')).toHaveValue('');
    await page.reload();
    await expect(input(page, 'bank-accountNumber')).toHaveValue('');

    // Later: the passkey was confirmed more than STEP_UP_TTL ago. The registration's session, which never
    // confirmed a factor, stands for that (the page, and so its authenticator, stay).
    await switchSession(page, investor);
    await page.goto(WITHDRAWAL);
    await expect(page.getByTestId('withdrawal-available-amount')).toHaveText('¥300,000.00');
    // A request whose answer is lost after the investor closed its confirmation with Back: the confirmation stays
    // closed, and the form says the request may have gone (this one never reached the server).
    let answer: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (answer = resolve));
    const withdrawals = (url: URL) => url.pathname === '/api/funding/withdrawals';
    await page.route(withdrawals, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await lost;
      await route.abort('connectionreset');
    });
    await requestWithdrawal(page, lang, '50,000');
    await page.goBack();
    await expect(page.getByTestId('withdrawal-confirm')).toBeHidden();
    answer();
    await expect(page.getByTestId('withdrawal-alert')).toHaveText(message(lang, 'errors', 'MAYBE_SENT'));
    await expect(page.getByTestId('withdrawal-confirm')).toBeHidden();
    await expect(page).toHaveURL(/withdrawal/);
    await page.unroute(withdrawals);
    await page.reload();
    await expect(page.getByTestId('withdrawal-available-amount')).toHaveText('¥300,000.00');
    await requestWithdrawal(page, lang, '120,000', `${lang}-withdrawal-form`);
    const stepUp = page.getByTestId('step-up-dialog');
    await expect(stepUp).toContainText(message(lang, 'web', 'stepUp.title'));
    await expect(stepUp.getByTestId('step-up-code')).toHaveCount(0);
    await waitUntilSettled(stepUp);
    // The confirmation closed before the sheet opened: nothing lies under the sheet's buttons.
    await expect(page.getByTestId('withdrawal-confirm')).toBeHidden();
    await screenshot(page, `${lang}-withdrawal-step-up`);
    await stepUp.getByTestId('step-up-passkey').click();

    const result = page.getByTestId('withdrawal-result');
    await expect(result).toContainText(message(lang, 'web', 'funding.withdrawal.requestedTitle'));
    await expect(result).toContainText('¥120,000.00');
    await expect(stepUp).toHaveCount(0);
    await expect(page.getByTestId('withdrawal-available-amount')).toHaveText('¥180,000.00');
    const record = page.getByTestId('withdrawal-record').first();
    await expect(record.getByTestId('review-status')).toHaveText(
      message(lang, 'web', 'funding.status.withdrawal.pending'),
    );
    await expect(record).toContainText('¥120,000.00');
    await expect(record).toContainText(accountNumber.slice(-4));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-withdrawal-requested`);

    // The held amount, in the side menu.
    const menu = await openSideMenu(page);
    await expect(menu.getByTestId('balance-frozen').locator('dd')).toHaveText('¥120,000.00');
    await expect(menu.getByTestId('balance-money').locator('dd')).toHaveText('¥180,000.00');
    await expect(menu.getByTestId('balance-total').locator('dd')).toHaveText('¥300,000.00');
    await screenshot(page, `${lang}-withdrawal-side-menu-held`);

    // Finance staff find it in the withdrawal queue and approve it.
    const office = await context.newPage();
    await office.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(office, staff, lang);
    await office
      .getByTestId('side-menu')
      .getByRole('menuitem', { name: message(lang, 'backoffice', 'nav.withdrawals') })
      .click();
    const row = office.getByTestId('withdrawals-table').locator('tr', { hasText: investor.mobile });
    await expect(row.getByTestId('review-status')).toHaveText(
      message(lang, 'backoffice', 'reviewStatus.pending'),
    );
    await expect(row).toContainText('120,000');
    await row.getByTestId('withdrawal-approve').click();
    const approval = office.getByRole('dialog');
    await expect(approval.getByTestId('confirm-question')).toContainText(investor.mobile);
    await dialogOpened(approval);
    await approval.getByTestId('confirm-action').click();
    await expect(row.getByTestId('review-status')).toHaveText(
      message(lang, 'backoffice', 'reviewStatus.approved'),
    );
    await office.close();

    // The investor: paid out in the history and both logs, and a message with the unread dot.
    const { items } = await userApi<{ items: { id: string }[] }>(
      request,
      investor.token,
      '/api/funding/withdrawals',
    );
    const withdrawalId = items[0]?.id ?? '';
    await page.goto(WITHDRAWAL);
    await expect(page.getByTestId('withdrawal-record').first().getByTestId('review-status')).toHaveText(
      message(lang, 'web', 'funding.status.withdrawal.approved'),
    );
    await expect(page.getByTestId('withdrawal-available-amount')).toHaveText('¥180,000.00');
    await page.getByTestId('withdrawal-history').scrollIntoViewIfNeeded();
    await screenshot(page, `${lang}-withdrawal-paid`);
    for (const [path, name] of [
      [TRANSACTION_LOG, 'transaction-log'],
      [ACCOUNT_LOG, 'account-log'],
    ] as const) {
      await page.goto(path);
      const entries = page.getByTestId(`${name}-page`).getByTestId('ledger-entry');
      await expect(entries).toHaveCount(3);
      const [payout, hold, deposit] = [entries.nth(0), entries.nth(1), entries.nth(2)];
      await expect(payout.getByTestId('ledger-kind-label')).toHaveText(
        message(lang, 'common', 'entryKinds.withdrawal_payout'),
      );
      // The payout is the money that left, once: out of the held amount, which the request had taken aside.
      await expect(payout.getByTestId('ledger-amount')).toHaveText('-120,000.00');
      await expect(payout.getByTestId('ledger-held')).toHaveText(
        message(lang, 'web', 'funding.ledger.fromHeld'),
      );
      await expect(payout.getByTestId('ledger-reference')).toHaveText(
        messageWith(lang, 'web', 'funding.ledger.reference.withdrawal', { value: withdrawalId }),
      );
      await expect(hold.getByTestId('ledger-kind-label')).toHaveText(
        message(lang, 'common', 'entryKinds.withdrawal_hold'),
      );
      await expect(hold.getByTestId('ledger-amount')).toHaveText(
        // A hold is not income: named, without a plus sign.
        messageWith(lang, 'web', 'funding.ledger.held', { amount: '120,000.00' }),
      );
      await expect(hold.getByTestId('ledger-reference')).toHaveText(
        messageWith(lang, 'web', 'funding.ledger.reference.bankAccount', {
          account: `${BANK.bankName} ${BANK.branchName} ****${accountNumber.slice(-4)}`,
        }),
      );
      // 預り金残高 after each line: a hold keeps the cash (it is still the investor's), the payout lowers it.
      await expect(payout.getByTestId('ledger-balance')).toHaveText(
        messageWith(lang, 'web', 'funding.ledger.balanceAfter', { amount: '180,000.00' }),
      );
      await expect(hold.getByTestId('ledger-balance')).toHaveText(
        messageWith(lang, 'web', 'funding.ledger.balanceAfter', { amount: '300,000.00' }),
      );
      await expect(deposit.getByTestId('ledger-amount')).toHaveText('+300,000.00');
      await expect(deposit.getByTestId('ledger-reference')).toContainText('STMT-');
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `${lang}-withdrawal-${name}`);
    }
    // The statement's CSV has both steps: held from available cash, then paid out of the held amount, which
    // is the one expenditure.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('ledger-csv').click();
    const csv = readFileSync((await (await downloading).path()) ?? '', 'utf8');
    // Without the time column: kind, stock code, stock name, income, expenditure, held, 預り金残高 after the
    // line (available and held cash), reference in the investor's terms (never the ledger's own keys).
    const [header, payoutRow, holdRow, depositRow] = csv
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.slice(line.indexOf(',') + 1));
    expect(header).toContain(message(lang, 'common', 'ledgerCsv.balance'));
    expect(payoutRow).toBe(
      `${message(lang, 'common', 'entryKinds.withdrawal_payout')},,,,120000.00,-120000.00,180000.00,${messageWith(lang, 'common', 'ledgerReference.withdrawal', { value: withdrawalId })}`,
    );
    // The bank account a withdrawal is held for is not named in the file.
    expect(holdRow).toMatch(/,,,120000\.00,300000\.00,$/);
    expect(holdRow?.startsWith(`${message(lang, 'common', 'entryKinds.withdrawal_hold')},`)).toBe(true);
    expect(depositRow).toMatch(/^[^,]+,,,300000\.00,,,300000\.00,[^,]+ STMT-/);
    expect(csv).not.toMatch(/bank-account:|withdrawal:|bank:/);

    await page.goto(HOME);
    await expect(page.getByTestId('top-bar-unread-dot')).toBeAttached();
    await page.getByTestId('top-bar-bell').click();
    const approved = page
      .getByTestId('message-item')
      .filter({ hasText: message(lang, 'messages', 'withdrawal_approved.title') });
    await expect(approved).toHaveAttribute('data-read', 'false');
    await expect(page.getByTestId('message-item').first()).toContainText(
      message(lang, 'messages', 'withdrawal_approved.title'),
    );
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-withdrawal-messages`);
    await approved.click();
    await expect(approved).toHaveAttribute('data-expanded', 'true');
    await expect(approved).toContainText('120,000');
    await screenshot(page, `${lang}-withdrawal-message-approved`);
  });
}

/** The dialog that offers to set up a second factor, and its button to the security screen. */
async function expectEnrolmentOffer(page: Page, lang: string, shot: string) {
  const offer = page.getByRole('dialog').filter({ hasText: message(lang, 'web', 'stepUp.enrolTitle') });
  await expect(offer).toContainText(message(lang, 'web', 'stepUp.enrolBody'));
  await waitUntilSettled(offer);
  await screenshot(page, shot);
  await offer.getByRole('button', { name: message(lang, 'web', 'stepUp.enrolGo') }).click();
  await expect(page.getByTestId('security-page')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(page.getByTestId('factor-none')).toBeVisible();
  await expect(page.getByTestId('security-add-passkey')).toBeVisible();
}

test('without a second factor, the first withdrawal leads through the bank account to setting one up', async ({
  browser,
  request,
}) => {
  const staff = await loginByApi(request);
  for (const lang of ['ja', 'en'] as const) {
    const investor = await investorWithCash(request, staff, '50000');
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await useLanguage(phone, lang);
    await openSignedInPhone(phone, investor, WITHDRAWAL);

    // Before anything is filled in, the page says a second factor is needed.
    await expect(phone.getByTestId('withdrawal-set-factor')).toHaveText(
      message(lang, 'web', 'funding.withdrawal.setSecondFactor'),
    );
    // Nowhere to send the money: the form says so under the destination, and links to the bank accounts.
    await expect(phone.getByTestId('withdrawal-available-amount')).toHaveText('¥50,000.00');
    await input(phone, 'withdrawal-amount').fill('20000');
    await input(phone, 'withdrawal-password').fill(TRANSACTION_PASSWORD);
    await phone.getByTestId('withdrawal-review').click();
    await expect(phone.getByTestId('withdrawal-bank-error')).toHaveText(
      message(lang, 'errors', 'BANK_ACCOUNT_REQUIRED'),
    );
    await screenshot(phone, `${lang}-withdrawal-no-bank-account`);
    await phone.getByTestId('withdrawal-add-bank').click();

    // A bank account for withdrawals needs a second factor first: said before the form is filled in.
    await expect(phone.getByTestId('bank-set-factor')).toHaveText(
      message(lang, 'web', 'funding.bank.setSecondFactor'),
    );
    await screenshot(phone, `${lang}-bank-account-factor-first`);
    await addBankAccount(phone, investor.mobile.slice(-7));
    await expectEnrolmentOffer(phone, lang, `${lang}-withdrawal-enrol-offer`);
    await screenshot(phone, `${lang}-withdrawal-enrol-security`);
    expect(await userApi(request, investor.token, '/api/funding/bank-accounts')).toEqual({
      items: [],
      factorRequired: true,
    });
    // Back from the security page, what was typed is still there.
    await phone.goBack();
    await expect(input(phone, 'bank-holderName')).toHaveValue(BANK.holderName);
    await expect(input(phone, 'bank-accountNumber')).toHaveValue(investor.mobile.slice(-7));
    await phone.context().close();
  }
});

test('an investor whose factor was removed is asked to set one up when sending a withdrawal', async ({
  page,
  request,
}) => {
  const staff = await loginByApi(request);
  const investor = await investorWithCash(request, staff, '50000');
  // An authenticator app, the bank account it allowed, then the app removed again (all through the API).
  await withAuthenticatorAndBankAccount(request, investor);
  const { items } = await userApi<{ items: { id: string }[] }>(
    request,
    investor.token,
    '/api/account/factors',
  );
  const removal = await request.delete(`/api/account/factors/${items[0]?.id}`, {
    headers: { token: investor.token },
  });
  expect(((await removal.json()) as { code: number }).code).toBe(1);

  await useLanguage(page, 'ja');
  await openSignedInPhone(page, investor, WITHDRAWAL);
  await expect(page.getByTestId('withdrawal-set-factor')).toBeVisible();
  await requestWithdrawal(page, 'ja', '20000');
  await expectEnrolmentOffer(page, 'ja', 'ja-withdrawal-factor-removed-offer');
  await page.goto(WITHDRAWAL);
  await expect(page.getByTestId('withdrawal-available-amount')).toHaveText('¥50,000.00');
  await expect(page.getByTestId('withdrawal-history').getByTestId('empty-state')).toBeVisible();
});

test('a wrong authenticator code in the step-up sheet shows under the code, and neither reopens the confirmation nor sends twice', async ({
  page,
  request,
}) => {
  const staff = await loginByApi(request);
  const investor = await investorWithCash(request, staff, '100000');
  await useLanguage(page, 'ja');
  // This browser session signs in before the investor has a second factor, so it has confirmed none.
  await loginInBrowser(page, investor.mobile, investor.password);
  const secret = await withAuthenticatorAndBankAccount(request, investor);

  await page.goto(WITHDRAWAL);
  await requestWithdrawal(page, 'ja', '30000');
  const stepUp = page.getByTestId('step-up-dialog');
  await input(page, 'step-up-code').fill('000000');
  await stepUp.getByTestId('step-up-submit').click();
  // Under the code it concerns, announced, and tied to the input; not a toast that fades.
  await expect(stepUp.getByTestId('step-up-code-error')).toHaveText(
    message('ja', 'errors', 'FACTOR_CODE_INVALID'),
  );
  await expect(input(page, 'step-up-code')).toHaveAttribute('aria-invalid', 'true');
  await expect(input(page, 'step-up-code')).toHaveAttribute('aria-describedby', 'step-up-code-error');
  // The sheet's form is not the withdrawal form: its submit does not bring the confirmation back.
  await expect(page.getByTestId('withdrawal-confirm')).toBeHidden();
  // The next period's code: the enrolment may already have used this period's, and a code counts once.
  const next = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + 30_000,
  });
  await input(page, 'step-up-code').fill(next);
  await expect(stepUp.getByTestId('step-up-code-error')).toHaveCount(0);
  await stepUp.getByTestId('step-up-submit').click();

  await expect(page.getByTestId('withdrawal-result')).toContainText('¥30,000.00');
  await expect(page.getByTestId('withdrawal-confirm')).toBeHidden();
  await expect(page.getByTestId('withdrawal-record')).toHaveCount(1);
  await expect(page.getByTestId('withdrawal-available-amount')).toHaveText('¥70,000.00');
});

for (const lang of ['ja', 'en'] as const) {
  test(`${lang}: 全額 enters 出金可能額, and the fraction of a yen that cannot leave is said to stay`, async ({
    page,
    request,
  }) => {
    const staff = await loginByApi(request);
    const investor = await investorWithCash(request, staff, '50000');
    // 78 sen credited by an adjustment one staff member asks for and another approves.
    const asked = await staffApi<{ id: string }>(request, staff, '/api/staff/adjustments', {
      userId: investor.userId,
      amount: '0.78',
      reason: 'e2e: a fraction of a yen',
    });
    const finance = await newStaffMember(request, staff, 'finance');
    await staffApi(request, finance, `/api/staff/adjustments/${asked.id}/approve`, {});

    await useLanguage(page, lang);
    await openSignedInPhone(page, investor, WITHDRAWAL);
    await expect(page.getByTestId('withdrawal-available-amount')).toHaveText('¥50,000.00');
    await expect(page.getByTestId('withdrawal-whole-yen')).toHaveText(
      messageWith(lang, 'web', 'funding.withdrawal.wholeYen', { fraction: '¥0.78' }),
    );
    const all = page.getByRole('button', {
      name: messageWith(lang, 'web', 'funding.withdrawal.allLabel', { amount: '¥50,000.00' }),
    });
    await expect(all).toHaveText(message(lang, 'web', 'funding.withdrawal.all'));
    await all.click();
    await expect(input(page, 'withdrawal-amount')).toHaveValue('50000');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-withdrawal-all`);
  });
}

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEMO_INVESTOR, registerByApi, screenshot, sendWithReason } from '../support';
import { seriousAxeViolations, smallTapTargets } from '../support/a11y';
import { loginByApi, openSignedIn, staffApi } from '../backoffice/staff-session';
import { dateText, input, jstToday, loginInBrowser, message, useLanguage, verifiedInvestor } from './helpers';

// A staff login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(150_000);

const DEPOSIT = '/#/subPackages/recharge/recharge';
const TRANSACTION_LOG = '/#/subPackages/transactionLog/transactionLog';

async function fileNoticeInBrowser(page: Page, amount: string, senderName: string) {
  await input(page, 'notice-amount').fill(amount);
  await expect(page.getByTestId('notice-date')).toHaveValue(jstToday());
  await input(page, 'notice-sender').fill(senderName);
  await page.getByTestId('notice-submit').click();
}

async function fileNoticeByApi(request: APIRequestContext, token: string, amount: string) {
  const response = await request.post('/api/funding/deposit-notices', {
    headers: { token },
    data: { amount, transferDate: jstToday(), senderName: 'ヤマダ タロウ' },
  });
  const body = (await response.json()) as { code: number; msg: string };
  if (body.code !== 1) throw new Error(`notice failed: ${body.msg}`);
}

for (const lang of ['ja', 'en'] as const)
  test(`${lang}: before identity verification has passed, the deposit page asks for it instead of showing the account`, async ({
    page,
    request,
  }) => {
    const investor = await registerByApi(request);
    await useLanguage(page, lang);
    await loginInBrowser(page, investor.mobile, investor.password);
    await page.goto(DEPOSIT);
    const verifyFirst = page.getByTestId('deposit-verify-first');
    await expect(verifyFirst.getByRole('heading')).toHaveText(
      message(lang, 'web', 'funding.verifyFirst.heading'),
    );
    // Neither the firm's account nor the notice form: the firm takes no money before it has verified who sends it.
    await expect(page.getByTestId('deposit-account-number')).toHaveCount(0);
    await expect(page.getByTestId('notice-submit')).toHaveCount(0);
    await expect(page.getByTestId('deposit-history').getByTestId('empty-state')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await smallTapTargets(page)).toEqual([]);
    await screenshot(page, `${lang}-deposit-verify-first`);
    await verifyFirst.getByTestId('deposit-verify-link').click();
    await expect(page).toHaveURL(/#\/subPackages\/real_name\/real_name$/);
  });

test('a deposit notice credited in the back office reaches the side menu, the statement and its CSV', async ({
  page,
  context,
  request,
}) => {
  const investor = await verifiedInvestor(request, await loginByApi(request));
  await useLanguage(page, 'ja');
  await loginInBrowser(page, investor.mobile, investor.password);

  await page.goto(DEPOSIT);
  await expect(page.getByRole('heading', { level: 1, name: '入金' })).toBeVisible();
  await expect(page.getByTestId('deposit-warning')).toContainText('個人名義');
  await expect(page.getByTestId('deposit-account-number')).toHaveText(/^\d{7}$/);
  await expect(page.getByTestId('deposit-reference')).not.toBeEmpty();
  await expect(page.getByTestId('deposit-history').getByTestId('empty-state')).toBeVisible();

  await page.getByTestId('notice-submit').click();
  await expect(page.getByTestId('notice-amount-error')).toHaveText(
    message('ja', 'errors', 'AMOUNT_REQUIRED'),
  );
  // The sender as the bank statement will show it: katakana, not the name written in kanji.
  await fileNoticeInBrowser(page, '50,000', '山田太郎');
  await expect(page.getByTestId('notice-sender-error')).toHaveText(
    message('ja', 'errors', 'SENDER_NAME_KANA'),
  );
  await fileNoticeInBrowser(page, '50,000', 'ヤマダ タロウ');
  const record = page.getByTestId('deposit-record').first();
  await expect(record.getByTestId('review-status')).toHaveText('確認中');
  await expect(record).toContainText('¥50,000.00');
  await expect(record).toContainText(dateText('ja', jstToday()));
  await screenshot(page, 'ja-deposit');

  // Finance staff credit the notice against the bank statement.
  const staff = await context.newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(staff, await loginByApi(request), 'ja', '#/deposits');
  const row = staff.getByTestId('deposit-notices-table').locator('tr', { hasText: investor.mobile });
  await expect(row.getByTestId('review-status')).toHaveText('未処理');
  await row.getByTestId('notice-credit').click();
  await expect(staff.getByTestId('credit-amount')).toHaveValue('50000.00');
  await staff.getByTestId('credit-reference').fill(`STMT-${Date.now()}`);
  await staff.getByTestId('credit-submit').click();
  await expect(row.getByTestId('review-status')).toHaveText('承認済');
  await staff.close();

  await page.reload();
  await expect(page.getByTestId('deposit-record').first().getByTestId('review-status')).toHaveText('入金済');
  await page.goto('/#/pages/index/index');
  await page.getByTestId('top-bar-user').click();
  await expect(page.getByTestId('side-menu').getByTestId('balance-money').locator('dd')).toHaveText(
    '¥50,000.00',
  );

  await page.goto(TRANSACTION_LOG);
  const entry = page.getByTestId('ledger-entry').first();
  await expect(entry.getByTestId('ledger-kind-label')).toHaveText('入金');
  await expect(entry.getByTestId('ledger-amount')).toHaveText('+50,000.00');
  await expect(entry.getByTestId('ledger-time')).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  await expect(entry.getByTestId('ledger-balance')).toHaveText('残高 50,000.00');
  await screenshot(page, 'ja-transaction-log');

  // 詳細 opens the line in full: when in Japan time, what, how much, the balance after, the reference.
  await entry.getByTestId('ledger-detail-open').click();
  const detail = page.getByTestId('ledger-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByText('明細の詳細')).toBeVisible();
  await expect(detail.getByTestId('ledger-detail-time')).toHaveText(
    /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/,
  );
  await expect(detail.getByTestId('ledger-detail-kind')).toHaveText('入金');
  await expect(detail.getByTestId('ledger-detail-amount')).toHaveText('+50,000.00');
  await expect(detail.getByTestId('ledger-detail-balance')).toHaveText('50,000.00');
  await expect(detail.getByTestId('ledger-detail-reference')).toHaveText(/^照合番号 /);
  await expect(detail).not.toContainText('準備中');
  // The whole sheet on the phone's screen, once it has slid up: its last line too.
  await expect(detail.getByTestId('ledger-detail-reference')).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'ja-ledger-detail');
  await detail.getByTestId('ledger-detail-close').click();
  await expect(detail).toBeHidden();

  const downloading = page.waitForEvent('download');
  await page.getByTestId('ledger-csv').click();
  const file = readFileSync((await (await downloading).path()) ?? '');
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = file.toString('utf8').slice(1).trim().split('\r\n');
  expect(rows[0]).toContain('入金');
  expect(rows.find((line) => line.includes('50000.00'))).toMatch(/入金/);
  // The balance after the line, then the bank's reference in words: never the ledger's own key.
  expect(rows[0]).toContain('預り金残高（拘束額を含む）');
  expect(rows[1]).toMatch(/,50000\.00,,,50000\.00,照合番号 STMT-\d+$/);

  // The same line as a page of its own (詳細, /subPackages/details/details?id=…), no longer 準備中.
  const listed = (await (
    await request.get('/api/account/ledger?limit=1', { headers: { token: investor.token } })
  ).json()) as { data: { items: { id: string }[] } };
  await page.goto(`/#/subPackages/details/details?id=${listed.data.items[0]!.id}`);
  const detailPage = page.getByTestId('ledger-detail-page');
  await expect(detailPage.getByTestId('ledger-detail-balance')).toHaveText('50,000.00');
  await expect(detailPage.getByTestId('ledger-detail-reference')).toHaveText(/^照合番号 /);
  await expect(detailPage).not.toContainText('準備中');
  await screenshot(page, 'ja-ledger-detail-page');
  // Another's entry, or none, is not shown.
  await page.goto('/#/subPackages/details/details?id=1');
  await expect(page.getByTestId('ledger-detail-page').getByTestId('empty-state')).toBeVisible();
});

test('a rejected notice shows its reason; an adjustment cannot be approved by who asked for it', async ({
  page,
  context,
  request,
}) => {
  const session = await loginByApi(request);
  const investor = await verifiedInvestor(request, session);
  await fileNoticeByApi(request, investor.token, '30000');

  const staff = await context.newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(staff, session, 'en', '#/deposits');
  const row = staff.getByTestId('deposit-notices-table').locator('tr', { hasText: investor.mobile });
  await row.getByTestId('notice-reject').click();
  const reason = 'No matching transfer on the bank statement';
  await sendWithReason(staff, reason);
  await expect(row.getByTestId('review-status')).toHaveText('Rejected');

  await staff.goto('/backoffice/#/adjustments');
  await staff.getByTestId('request-adjustment').click();
  await staff.getByTestId('adjustment-submit').click();
  await expect(staff.getByTestId('form-error')).toBeVisible();
  await staff.getByTestId('adjustment-user').fill(investor.userId);
  await staff.getByTestId('adjustment-amount').fill('-500');
  await staff.getByTestId('adjustment-reason').fill('Correction of a duplicated credit');
  await staff.getByTestId('adjustment-submit').click();
  const adjustment = staff
    .getByTestId('adjustments-table')
    .locator('tr', { hasText: 'Correction of a duplicated credit' });
  await expect(adjustment.getByTestId('review-status')).toHaveText('Pending');
  await expect(adjustment.getByTestId('adjustment-approve')).toBeDisabled();
  await screenshot(staff, 'en-backoffice-adjustments');
  // The server refuses it too, whatever the screen offers.
  const { items } = await staffApi<{ items: { id: string; userId: string }[] }>(
    request,
    session,
    '/api/staff/adjustments?status=pending',
  );
  const pending = items.find((item) => item.userId === investor.userId);
  const refusal = await request.post(`/api/staff/adjustments/${pending?.id}/approve`, {
    headers: { token: session.token, 'idempotency-key': `e2e-own-approval-${Date.now()}` },
  });
  expect(((await refusal.json()) as { errorCode: string }).errorCode).toBe('SECOND_APPROVER_MUST_DIFFER');
  await staff.getByTestId('ledger-check').click();
  await expect(staff.getByTestId('ledger-check-verdict')).toHaveText('Everything balances');
  await staff.close();

  await useLanguage(page, 'ja');
  await loginInBrowser(page, investor.mobile, investor.password);
  await page.goto(DEPOSIT);
  const record = page.getByTestId('deposit-record').first();
  await expect(record.getByTestId('review-status')).toHaveText('否認');
  await expect(record.getByTestId('deposit-reason')).toHaveText(`否認理由：${reason}`);
});

test('the demo investor sees 1,000,000.00 in the side menu and on the withdrawal screen', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await loginInBrowser(page, DEMO_INVESTOR.mobile, DEMO_INVESTOR.password);
  await page.getByTestId('top-bar-user').click();
  await expect(page.getByTestId('side-menu').getByTestId('balance-total')).toContainText('1,000,000.00');
  await page.goto('/#/subPackages/withdrawal/withdrawal');
  await expect(page.getByTestId('withdrawal-available-amount')).toHaveText(/¥[\d,]+\.\d{2}/);
  await expect(page.getByTestId('withdrawal-rules')).toContainText('10,000');
  await expect(page.getByTestId('withdrawal-bank').first()).toBeVisible();
});

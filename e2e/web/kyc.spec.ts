import { expect, test, type Locator, type Page } from '@playwright/test';
import { dialogOpened, reasonDialog, registerByApi, screenshot } from '../support';
import { idCardPhoto } from '../support/id-photos';
import { loginByApi, openSignedIn, newStaffMember } from '../backoffice/staff-session';
import {
  expectNoHorizontalOverflow,
  input,
  message,
  messageWith,
  openSignedInPhone,
  useLanguage,
} from './helpers';

// The first test's staff login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(180_000);

const USER = '/#/pages/user/user';
const HOME = '/#/pages/index/index';

const PEOPLE = {
  ja: {
    fullName: '佐藤 花子',
    fullNameKana: 'さとう　はなこ',
    reason: '裏面の写真がぼやけていて、住所が読み取れません。',
  },
  en: {
    fullName: 'Hanako Sato',
    fullNameKana: 'ｻﾄｳ ﾊﾅｺ',
    reason: 'The photo of the back is blurred; the address cannot be read.',
  },
} as const;

/** Every <img> inside has loaded and has pixels (a broken or empty image has no natural width). */
async function expectImagesLoaded(scope: Locator, count: number) {
  const images = scope.locator('img');
  await expect(images).toHaveCount(count);
  await expect
    .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

/** The identity form filled in as a person would: name, its katakana reading, ID number and two photos from the phone. */
async function fillIdentityForm(
  page: Page,
  person: { fullName: string; fullNameKana: string },
  idNumber: string,
) {
  await input(page, 'kyc-full-name').fill(person.fullName);
  await input(page, 'kyc-full-name-kana').fill(person.fullNameKana);
  await input(page, 'kyc-id-number').fill(idNumber);
  await page.getByTestId('kyc-front-input').setInputFiles({
    name: 'IMG_0001.jpg',
    mimeType: 'image/jpeg',
    buffer: await idCardPhoto('front', 'jpeg'),
  });
  await page.getByTestId('kyc-back-input').setInputFiles({
    name: 'IMG_0002.png',
    mimeType: 'image/png',
    buffer: await idCardPhoto('back', 'png'),
  });
  await expectImagesLoaded(page.getByTestId('kyc-form'), 2);
}

/** The back office's identity queue, reached from the side menu: the rows of one user. */
async function queueRowsOf(office: Page, lang: 'ja' | 'en', userId: string) {
  await office
    .getByTestId('side-menu')
    .getByRole('menuitem', { name: message(lang, 'backoffice', 'nav.kyc') })
    .click();
  return office
    .getByTestId('kyc-table')
    .locator('tbody tr')
    .filter({ has: office.getByRole('cell', { name: userId, exact: true }) });
}

/**
 * Opens the user's pending submission from the queue, once the queue lists all `submissions` of the user
 * (a list seen before shows its old rows until it has been fetched again).
 */
async function openSubmission(office: Page, lang: 'ja' | 'en', userId: string, submissions: number) {
  const rows = await queueRowsOf(office, lang, userId);
  await expect(rows).toHaveCount(submissions);
  const row = rows.filter({ hasText: message(lang, 'backoffice', 'kyc.status.pending') });
  await expect(row).toHaveCount(1);
  await row.click();
  const detail = office.getByTestId('kyc-detail');
  await expect(detail.getByTestId('kyc-detail-status')).toHaveText(
    message(lang, 'backoffice', 'kyc.status.pending'),
  );
  await expect(detail.getByTestId('kyc-photo-front')).toBeVisible();
  await expect(detail.getByTestId('kyc-photo-back')).toBeVisible();
  return detail;
}

/** Approve on a submission's detail, through its confirmation dialog. */
async function approveInDetail(office: Page, detail: Locator, lang: 'ja' | 'en', fullName: string) {
  await detail.getByTestId('kyc-approve').click();
  const approval = office.getByRole('dialog');
  await expect(approval).toContainText(
    messageWith(lang, 'backoffice', 'kyc.approve.confirm', { name: fullName }),
  );
  await dialogOpened(approval);
  await approval.getByRole('button', { name: message(lang, 'backoffice', 'kyc.approve.button') }).click();
  await expect(approval).toBeHidden();
}

/** From Home, the bell, and the newest message with the given kind's title: unread until opened. */
async function openNewestMessage(page: Page, lang: string, kind: string) {
  await page.goto(HOME);
  await expect(page.getByTestId('top-bar-unread-dot')).toBeAttached();
  await page.getByTestId('top-bar-bell').click();
  const item = page.getByTestId('message-item').first();
  await expect(item).toContainText(message(lang, 'messages', `${kind}.title`));
  await expect(item).toHaveAttribute('data-read', 'false');
  await item.click();
  await expect(item).toHaveAttribute('data-expanded', 'true');
  return item;
}

for (const lang of ['ja', 'en'] as const) {
  test(`${lang}: identity documents rejected with a reason, submitted again, then verified`, async ({
    page,
    context,
    request,
  }) => {
    const person = PEOPLE[lang];
    const { fullName, reason } = person;
    const staff = await loginByApi(request);
    const investor = await registerByApi(request);
    const idNumber = `DL${investor.mobile}`;
    await useLanguage(page, lang);
    await openSignedInPhone(page, investor, USER);

    // My page says the identity is not verified yet, and leads to the identity screen.
    await expect(page.getByTestId('user-kyc')).toHaveText(message(lang, 'web', 'kyc.none'));
    await page.getByTestId('user-link-identity').click();
    await expect(page.getByTestId('kyc-state-none')).toBeVisible();
    await expect(page.locator('h1')).toHaveText(message(lang, 'web', 'titles.identityVerification'));
    await page.getByTestId('kyc-submit').click();
    await expect(page.getByTestId('kyc-full-name-error')).toHaveText(
      message(lang, 'errors', 'KYC_FULL_NAME_REQUIRED'),
    );
    // The reading must be katakana (hiragana and half-width kana are converted, kanji is refused).
    await input(page, 'kyc-full-name').fill(fullName);
    await input(page, 'kyc-full-name-kana').fill('佐藤');
    await page.getByTestId('kyc-submit').click();
    await expect(page.getByTestId('kyc-full-name-kana-error')).toHaveText(
      message(lang, 'errors', 'KYC_FULL_NAME_KANA_INVALID'),
    );
    await fillIdentityForm(page, person, idNumber);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-kyc-form`);
    await page.getByTestId('kyc-submit').click();

    const pending = page.getByTestId('kyc-state-pending');
    await expect(pending).toContainText(message(lang, 'web', 'kycState.pendingTitle'));
    // The confirmation is drawn over the page, on a background nothing under it shows through.
    const submitted = await page.waitForFunction(
      (text) => {
        const toast = document.querySelector<HTMLElement>('.adm-toast-main');
        if (!toast?.textContent?.includes(text)) return null;
        const box = toast.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return {
          onTop: top !== null && toast.contains(top),
          background: getComputedStyle(toast).backgroundColor,
        };
      },
      message(lang, 'web', 'kycState.submitted'),
    );
    expect(await submitted.jsonValue()).toEqual({ onTop: true, background: 'rgb(38, 38, 38)' });
    // Under review is waiting, not done: an amber clock, not a green one.
    await expect(pending.locator('.adm-result-icon .antd-mobile-icon')).toHaveCSS(
      'color',
      'rgb(184, 110, 0)',
    );
    await expectImagesLoaded(pending, 2);
    await expect(page.getByText(message(lang, 'web', 'kycState.submitted'))).toBeHidden();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-kyc-pending`);

    // Compliance staff reject it with a reason, from the identity queue.
    const office = await context.newPage();
    await office.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(office, staff, lang);
    let detail = await openSubmission(office, lang, investor.userId, 1);
    await expect(detail).toContainText(fullName);
    // Beside the name, the reading as stored: normalised to full-width katakana.
    await expect(detail).toContainText('サトウ ハナコ');
    await expect(detail).toContainText(idNumber);
    await detail.getByTestId('kyc-reject').click();
    await dialogOpened(reasonDialog(office));
    await office.getByTestId('reason-submit').click();
    await expect(office.getByRole('dialog')).toContainText(message(lang, 'errors', 'REASON_REQUIRED'));
    await office.getByTestId('reason-input').fill(reason);
    await office.getByTestId('reason-submit').click();
    await expect(detail.getByTestId('kyc-detail-status')).toHaveText(
      message(lang, 'backoffice', 'kyc.status.rejected'),
    );
    await expect(detail.getByTestId('kyc-detail-reason')).toHaveText(reason);
    await expect(detail.getByTestId('kyc-approve')).toHaveCount(0);

    // The investor sees the rejection with its reason, and a message that says it.
    const rejected = await openNewestMessage(page, lang, 'kyc_rejected');
    await expect(rejected).toContainText(messageWith(lang, 'messages', 'kyc_rejected.body', { reason }));
    await screenshot(page, `${lang}-kyc-rejected-message`);
    await page.goto(USER);
    await expect(page.getByTestId('user-kyc')).toHaveText(message(lang, 'web', 'kyc.rejected'));
    await page.getByTestId('user-link-identity').click();
    const refusal = page.getByTestId('kyc-state-rejected');
    await expect(refusal).toContainText(message(lang, 'web', 'kycState.rejectedTitle'));
    await expect(refusal.getByTestId('kyc-reason')).toHaveText(
      messageWith(lang, 'web', 'kycState.rejectedReason', { reason }),
    );
    await expectImagesLoaded(refusal, 2);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-kyc-rejected`);

    // Submitting again: an empty form, the same checks.
    await refusal.getByTestId('kyc-resubmit').click();
    await expect(input(page, 'kyc-full-name')).toHaveValue('');
    await fillIdentityForm(page, person, idNumber);
    await page.getByTestId('kyc-submit').click();
    await expect(page.getByTestId('kyc-state-pending')).toContainText(
      message(lang, 'web', 'kycState.pendingTitle'),
    );

    // Staff approve the new submission: a first approval, which its giver cannot confirm themselves...
    detail = await openSubmission(office, lang, investor.userId, 2);
    await approveInDetail(office, detail, lang, fullName);
    await expect(detail.getByTestId('kyc-first-approval')).toContainText(
      message(lang, 'backoffice', 'kyc.ownFirstApproval'),
    );
    await expect(detail.getByTestId('kyc-detail-status')).toHaveText(
      message(lang, 'backoffice', 'kyc.status.awaitingSecond'),
    );
    await expect(detail.getByTestId('kyc-approve')).toHaveCount(0);
    await screenshot(office, `${lang}-kyc-first-approval`);
    await office.close();

    // ...then a different reviewer confirms it; the rejected one stays in the queue as it was.
    const reviewer = await newStaffMember(request, staff);
    const second = await context.newPage();
    await second.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(second, reviewer, lang);
    const awaiting = (await queueRowsOf(second, lang, investor.userId)).filter({
      hasText: message(lang, 'backoffice', 'kyc.status.awaitingSecond'),
    });
    await awaiting.click();
    detail = second.getByTestId('kyc-detail');
    await approveInDetail(second, detail, lang, fullName);
    await expect(detail.getByTestId('kyc-detail-status')).toHaveText(
      message(lang, 'backoffice', 'kyc.status.passed'),
    );
    const rows = await queueRowsOf(second, lang, investor.userId);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: message(lang, 'backoffice', 'kyc.status.rejected') })).toHaveCount(1);
    await expect(rows.filter({ hasText: message(lang, 'backoffice', 'kyc.status.passed') })).toHaveCount(1);
    await second.close();

    // Verified: said on the identity screen and My page, with a message; nothing to submit any more.
    await openNewestMessage(page, lang, 'kyc_passed');
    await page.goto(USER);
    await expect(page.getByTestId('user-kyc')).toHaveText(message(lang, 'web', 'kyc.passed'));
    await page.getByTestId('user-link-identity').click();
    const passed = page.getByTestId('kyc-state-passed');
    await expect(passed).toContainText(message(lang, 'web', 'kycState.passedTitle'));
    await expect(passed).toContainText(messageWith(lang, 'web', 'kycState.passedText', { name: fullName }));
    await expectImagesLoaded(passed, 2);
    await expect(page.getByTestId('kyc-resubmit')).toHaveCount(0);
    await expect(page.getByTestId('kyc-form')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${lang}-kyc-passed`);
  });
}

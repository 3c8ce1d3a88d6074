import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerByApi } from '../support';
import {
  loginByApi,
  openLoginPage,
  openSignedIn,
  type BackOfficeLang,
  type StaffSession,
} from './staff-session';

/** Every back-office route in Japanese and English: a document title of its own and exactly one h1, its title. */
test.use({ viewport: { width: 1280, height: 800 } });
// A login may wait up to 30 s for an authenticator code the server has not seen yet.
test.setTimeout(180_000);

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'i18n', 'locales');
const messages = (lang: string, namespace: string) =>
  JSON.parse(readFileSync(join(localesDir, lang, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
const lookup = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;

let session: StaffSession;
let investor: { userId: string };

test.beforeAll(async ({ request }) => {
  investor = await registerByApi(request);
  session = await loginByApi(request);
});

async function titleAndHeadings(page: Page) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  return { title: await page.title(), h1: (await page.locator('h1').innerText()).trim() };
}

for (const lang of ['ja', 'en'] as const satisfies readonly BackOfficeLang[]) {
  test(`${lang}: every route has its own document title and one h1`, async ({ page }) => {
    const bo = messages(lang, 'backoffice');
    const t = (key: string, values: Record<string, string> = {}) =>
      Object.entries(values).reduce(
        (text, [name, value]) => text.replace(`{{${name}}}`, value),
        lookup(bo, key),
      );
    const brand = t('shell.documentBrand');
    const notFound = lookup(messages(lang, 'errors'), 'NOT_FOUND');

    await openLoginPage(page, lang);
    expect(await titleAndHeadings(page)).toEqual({
      title: `${t('login.title')} | ${brand}`,
      h1: t('login.title'),
    });

    await openSignedIn(page, session, lang, '#/');
    const home = await titleAndHeadings(page);
    expect(home.title).toBe(`${t('nav.home')} | ${brand}`);
    expect(home.h1).toBe(t('home.welcome', { name: t('seed.demoAdministrator') }));

    const routes: [string, string][] = [
      ['#/users', t('nav.users')],
      [`#/users/${investor.userId}`, t('userDetail.title', { userId: investor.userId })],
      ['#/invitation-codes', t('nav.invitationCodes')],
      ['#/audit-log', t('nav.auditLog')],
      ['#/sms-outbox', t('nav.smsOutbox')],
      ['#/staff-members', t('nav.staffMembers')],
      ['#/account/password', t('account.password.title')],
      ['#/nope', notFound],
    ];
    const titles = new Set([home.title]);
    for (const [hash, heading] of routes) {
      await page.goto(`/backoffice/${hash}`);
      await expect(page.locator('h1')).toHaveText(heading);
      expect(await titleAndHeadings(page)).toEqual({ title: `${heading} | ${brand}`, h1: heading });
      titles.add(await page.title());
    }
    expect(titles.size).toBe(routes.length + 1);

    // Seeded texts read in the screen's language.
    await expect(page.getByTestId('account-menu')).toHaveText(t('seed.demoAdministrator'));
    await page.goto('/backoffice/#/invitation-codes?q=WELCOME');
    await expect(page.getByTestId('invitations-table').locator('tr', { hasText: 'WELCOME' })).toContainText(
      t('seed.demoInvitationNote'),
    );
  });
}

import { expect, test, type Page } from '@playwright/test';

/**
 * index.html draws the opening route's first screen before any script has loaded (apps/web/first-screen).
 * Its texts must be the ones React then renders, in the stored language, so nothing changes but what loads.
 */
const ROUTES = [
  { path: '/?holdStartup', page: 'startup-page' },
  { path: '/#/pages/index/index', page: 'home-page' },
  { path: '/#/pages/market/market', page: 'market-page' },
  { path: '/#/pages/jiaoyi/jiaoyi', page: 'trade-guest' },
  { path: '/#/subPackages/login/login', page: 'login-page' },
  { path: '/#/subPackages/index/gupiaoDetail/gupiaoDetail?code=7203', page: 'stock-detail-page' },
];

interface FirstScreenTexts {
  lang: string;
  texts: string[];
  labels: string[];
}

/** The first screen as drawn with every script of the app refused: only index.html's own runs. */
async function firstScreenWithoutApp(page: Page, path: string): Promise<FirstScreenTexts> {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  const screen = page.locator('#kb-first-screen');
  await expect(screen.locator('.kb-app')).toBeVisible();
  const found = await screen.evaluate((element) => ({
    lang: document.documentElement.lang,
    texts: Array.from(element.querySelectorAll('[data-k]')).map((node) => node.textContent ?? ''),
    labels: Array.from(element.querySelectorAll('[data-label]')).map(
      (node) => node.getAttribute('aria-label') ?? '',
    ),
  }));
  await page.unroute('**/assets/*.js');
  return found;
}

for (const lang of ['ja', 'en']) {
  test.describe(`the first screen in ${lang}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((locale) => window.localStorage.setItem('locale', locale), lang);
    });

    for (const route of ROUTES) {
      test(`${route.path} shows React's texts before React, then gives way to it`, async ({ page }) => {
        const shell = await firstScreenWithoutApp(page, route.path);
        expect(shell.lang).toBe(lang);
        expect(shell.texts.length).toBeGreaterThan(0);
        for (const text of shell.texts) expect(text.trim()).not.toBe('');
        if (lang === 'ja')
          for (const text of [...shell.texts, ...shell.labels])
            expect(text.replaceAll('Kabuto', '')).not.toMatch(/[A-Za-z]/);

        await page.goto('about:blank');
        await page.goto(route.path);
        await expect(page.getByTestId(route.page)).toBeVisible();
        await expect(page.locator('#kb-first-screen')).toHaveCount(0);
        for (const text of shell.texts) await expect(page.locator('#root')).toContainText(text);
        for (const label of shell.labels)
          await expect(page.locator(`#root [aria-label="${label}"]`).first()).toBeAttached();
      });
    }
  });
}

test('an opening route without a first screen of its own draws nothing before the app', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/#/subPackages/about/index');
  await expect(page.locator('#kb-first-screen')).toBeEmpty();
  await expect(page.locator('#kb-first-screen')).toBeHidden();
});

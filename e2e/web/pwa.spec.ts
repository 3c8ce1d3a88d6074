import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { screenshot } from '../support';
import { expectStartupToOpenHome, message, useLanguage } from './helpers';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Waits until the service worker is active, i.e. has precached the app shell. */
const serviceWorkerActive = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');

test('the manifest makes the app installable: fields, start URL and scope under the root, icons that load', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestUrl = new URL(href ?? '', `${baseURL}/`);
  expect(manifestUrl.pathname).toBe('/manifest.webmanifest');
  const response = await request.get(manifestUrl.href);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    display: string;
    theme_color: string;
    start_url: string;
    scope: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Kabuto');
  expect(manifest.short_name).toBe('Kabuto');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(new URL(manifest.start_url, manifestUrl).href).toBe(`${baseURL}/`);
  expect(new URL(manifest.scope, manifestUrl).href).toBe(`${baseURL}/`);

  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const file = await request.get(new URL(icon.src, manifestUrl).href);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toContain('image/png');
    expect(pngSize(await file.body())).toBe(icon.sizes);
  }
});

test('the service worker registers for the whole app', async ({ page, baseURL }) => {
  await page.goto('/');
  await expectStartupToOpenHome(page);
  expect(await serviceWorkerActive(page)).toBe(`${baseURL}/sw.js`);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);
});

for (const lang of ['ja', 'en'] as const) {
  test(`offline after a first visit, the app opens and says it is offline (${lang}), with no API answer kept`, async ({
    page,
    context,
  }) => {
    await useLanguage(page, lang);
    await page.goto('/');
    await expectStartupToOpenHome(page);
    await serviceWorkerActive(page);

    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByTestId('startup-page')).toBeVisible();
    await expect(page.getByTestId('offline-notice')).toContainText(message(lang, 'web', 'pwa.offlineTitle'));
    await expect(page.getByTestId('offline-notice')).toContainText(message(lang, 'web', 'pwa.offlineBody'));
    await expect(page.getByTestId('startup-error')).toHaveText(message(lang, 'common', 'networkError'));
    await screenshot(page, `${lang}-offline`);
    // The service worker keeps no API answer: app info, read online a moment ago, is not served.
    const appInfo = await page.evaluate(() =>
      fetch('/api/app/info').then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    expect(appInfo).toBe('failed');

    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toBeHidden();
  });
}

test.describe('a page that cannot be loaded', () => {
  // Without the service worker's copies, so that going offline leaves the next page's code unreachable.
  test.use({ serviceWorkers: 'block' });

  /** Home, then offline, then the search page, whose code was never fetched. */
  async function openOfflineSearch(page: Page, context: BrowserContext) {
    await useLanguage(page, 'ja');
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await context.setOffline(true);
    await page.evaluate(() => {
      window.location.hash = '#/subPackages/search/search';
    });
    await expect(page.getByTestId('route-error')).toBeVisible();
  }

  test('offline, it says so, offers 戻る, and loads by itself once the connection is back', async ({
    page,
    context,
  }) => {
    await openOfflineSearch(page, context);
    await expect(page.getByTestId('route-error')).toContainText(message('ja', 'web', 'shell.offlineReload'));
    await expect(page.getByTestId('route-error-back')).toHaveText(message('ja', 'web', 'shell.back'));
    await screenshot(page, 'ja-route-error-offline');

    await context.setOffline(false);
    await expect(page.getByTestId('route-error')).toBeHidden();
    await expect(page).toHaveURL(/#\/subPackages\/search\/search$/);
  });

  test('戻る returns to the page before', async ({ page, context }) => {
    await openOfflineSearch(page, context);
    await page.getByTestId('route-error-back').click();
    await expect(page.getByTestId('home-page')).toBeVisible();
  });
});

test.describe('languages load on demand', () => {
  test.use({ serviceWorkers: 'block' });

  test('only the active language is downloaded at start; switching downloads the next one', async ({
    page,
  }) => {
    const localeChunks: string[] = [];
    page.on('request', (req) => {
      const match = req.url().match(/\/locale-([\w-]+?)-(common|errors|web|legal)-/);
      if (match) localeChunks.push(`${match[1]}/${match[2]}`);
    });
    await page.goto('/#/subPackages/switchLanguage/switchLanguage');
    await expect(page.getByTestId('nav-title')).toHaveText('言語');
    expect(localeChunks.sort()).toEqual(['ja/common', 'ja/errors', 'ja/web']);

    await page.getByTestId('language-fr').click();
    await expect(page.getByTestId('nav-title')).toHaveText(message('fr', 'web', 'titles.language'));
    expect(localeChunks.filter((chunk) => !chunk.startsWith('ja/')).sort()).toEqual([
      'fr/common',
      'fr/errors',
      'fr/web',
    ]);
  });
});

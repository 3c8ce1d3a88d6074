// Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown, Moto G Power screen) on the production
// build of the investor app served by the real server (node apps/server/src/main.ts on 127.0.0.1 with a fresh
// DATA_DIR), in Japanese (the default language: Lighthouse starts each page with empty storage), with Debian's
// Chromium. Run `npm run build` first. Prints performance, accessibility and best-practices scores, LCP, TBT,
// CLS and the bytes transferred for each page. Targets: performance >= 95, accessibility 100, best-practices >= 95.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8481);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const origin = `http://127.0.0.1:${PORT}`;

/** The pages measured; the stock detail page joins once it exists. */
const PAGES = [
  { name: 'startup', path: '/' },
  { name: 'home', path: '/#/pages/index/index' },
  { name: 'market list', path: '/#/pages/market/market' },
  { name: 'login', path: '/#/subPackages/login/login' },
];

const root = new URL('..', import.meta.url).pathname;

if (!existsSync(join(root, 'apps/web/dist/index.html')) || !existsSync(CHROME)) {
  console.log(`lighthouse.bench.ts skipped: needs \`npm run build\` and Chromium at ${CHROME}`);
} else {
  await measure();
}

async function measure(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-lighthouse-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  async function serverUp(): Promise<void> {
    for (let attempt = 0; attempt < 240; attempt++) {
      try {
        if ((await fetch(`${origin}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the server did not start within 120 s');
  }

  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await serverUp();
    const rows: string[] = [];
    for (const page of PAGES) {
      const result = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${page.name}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? NaN;
      const failed = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      rows.push(
        `| ${page.name} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ` +
          `${(value('largest-contentful-paint') / 1000).toFixed(2)} s | ${Math.round(value('total-blocking-time'))} ms | ` +
          `${value('cumulative-layout-shift').toFixed(3)} | ${(value('total-byte-weight') / 1024).toFixed(0)} KiB |` +
          (failed.length ? ` ${failed.join(', ')}` : ''),
      );
    }
    console.log(`Lighthouse ${'(mobile preset)'} on ${origin}, ${new Date().toISOString()}`);
    console.log(
      '| page | performance | accessibility | best practices | LCP | TBT | CLS | transferred | failed audits',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

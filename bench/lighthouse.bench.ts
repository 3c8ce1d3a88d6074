// Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown, Moto G Power screen) on the production
// build of the investor app served by the real server (bench/measured-server.ts: 127.0.0.1, a fresh DATA_DIR,
// measured once its first start has written the market's history), in Japanese (the default language: Lighthouse starts each page with empty storage), with Debian's
// Chromium. Run `npm run build` first. Each page is measured LIGHTHOUSE_RUNS times (default 5) and the run with
// the median performance score is printed: scores, LCP, TBT, CLS and the bytes transferred.
// LIGHTHOUSE_PAGES=home,login measures only those pages; LIGHTHOUSE_REPORTS=<dir> keeps each median run's
// Lighthouse JSON there (LCP element and phases, critical request chains, main-thread work).
// The preset's 4x CPU slowdown turns a high-end desktop (Lighthouse's benchmark index 1,500-2,000) into a
// mid-tier phone; on a slower host it emulates a slower phone. Each row gives the benchmark index Lighthouse
// measured for its run, so figures from different hosts can be told apart. LIGHTHOUSE_CPU_SLOWDOWN sets another.
// Targets: performance >= 95, accessibility 100, best-practices >= 95.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { measuredPages } from './measured-pages';
import { startMeasuredServer } from './measured-server';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8481);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** The CPU slowdown: the preset's 4x unless LIGHTHOUSE_CPU_SLOWDOWN says otherwise. */
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** How many times a run Lighthouse could not record is run again before it counts as 0. */
const MAX_RETRIES = 3;
const origin = `http://127.0.0.1:${PORT}`;

const PAGES = measuredPages(process.env.LIGHTHOUSE_PAGES);

const root = new URL('..', import.meta.url).pathname;

type Lhr = RunnerResult['lhr'];

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const value = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function row(name: string, lhr: Lhr, performanceScores: number[]): string {
  const failed = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  return (
    `| ${name} | ${score(lhr, 'performance')} (${performanceScores.join(', ')}) | ${score(lhr, 'accessibility')} | ` +
    `${score(lhr, 'best-practices')} | ${(value(lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s | ` +
    `${Math.round(value(lhr, 'total-blocking-time'))} ms | ${value(lhr, 'cumulative-layout-shift').toFixed(3)} | ` +
    `${(value(lhr, 'total-byte-weight') / 1024).toFixed(0)} KiB | ${lhr.environment.benchmarkIndex.toFixed(0)} |` +
    (failed.length ? ` ${failed.join(', ')}` : '')
  );
}

/** Why Lighthouse gave a run no performance score: the run's error, or the metrics it could not measure. */
function unscored(lhr: Lhr): string {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const failed = Object.values(lhr.audits).filter((audit) => audit.errorMessage);
  return failed.map((audit) => `${audit.id}: ${audit.errorMessage}`).join('; ') || 'no reason given';
}

/**
 * One Lighthouse run of a page. A trace Lighthouse failed to record (NO_NAVSTART now and then on a fresh
 * browser) says nothing of the page, and Lighthouse asks for the run again: it is, up to MAX_RETRIES times, and
 * said so. Any other unscored run counts as 0, as Lighthouse reports it, and why is printed.
 */
async function measureOnce(port: number, name: string, path: string): Promise<Lhr> {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(`${origin}${path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
    });
    if (!result) throw new Error(`no Lighthouse result for ${name}`);
    const { lhr } = result;
    if (lhr.runtimeError && attempt < MAX_RETRIES) {
      console.error(`${name}: ${lhr.runtimeError.code}, run again`);
      continue;
    }
    if (!lhr.categories.performance?.score) console.error(`${name}: unscored, ${unscored(lhr)}`);
    return lhr;
  }
}

async function measure(): Promise<void> {
  const server = await startMeasuredServer(PORT);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const [startLoad = NaN] = loadavg();
    const rows: string[] = [];
    if (REPORTS) mkdirSync(REPORTS, { recursive: true });
    for (const page of PAGES) {
      const runs: Lhr[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measureOnce(chrome.port, page.name, page.path));
      runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = runs[Math.floor(runs.length / 2)];
      if (!median) throw new Error('LIGHTHOUSE_RUNS must be at least 1');
      rows.push(
        row(
          page.name,
          median,
          runs.map((lhr) => score(lhr, 'performance')),
        ),
      );
      if (REPORTS)
        writeFileSync(join(REPORTS, `${page.name.replace(/\W+/g, '-')}.json`), JSON.stringify(median));
    }
    console.log(
      `Lighthouse (mobile preset, CPU slowdown ${CPU_SLOWDOWN}x) on ${origin}, ${new Date().toISOString()}, ` +
        `median of ${RUNS} runs, ` +
        `load average ${startLoad.toFixed(1)} at start, ${(loadavg()[0] ?? NaN).toFixed(1)} at end`,
    );
    console.log(
      '| page | performance (runs) | accessibility | best practices | LCP | TBT | CLS | transferred | benchmark index | failed audits',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const line of rows) console.log(line);
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

if (!existsSync(join(root, 'apps/web/dist/index.html')) || !existsSync(CHROME)) {
  console.log(`lighthouse.bench.ts skipped: needs \`npm run build\` and Chromium at ${CHROME}`);
} else {
  await measure();
}

// `npm run budget`: the JavaScript size budgets of the built apps (run `npm run build` first; `npm test` runs it
// right after its build step). It reads what each app's index.html loads before the first screen renders (the
// module entry, every <link rel="modulepreload"> and, transitively, every static import of those), sums their
// gzipped sizes, and checks every other (lazy) chunk on its own. Prints the figures; exits 1 over a budget.
import { gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';

const KB = 1024;

/** Investor app: everything index.html loads before the first screen renders. */
export const WEB_INITIAL_JS_MAX_GZIP = 150 * KB;
/** Investor app: any chunk loaded later (a route's page, a library only some pages use). */
export const WEB_LAZY_CHUNK_MAX_GZIP = 60 * KB;
/** Back office: everything its index.html loads up front (the back office is desktop-only and larger). */
export const BACKOFFICE_INITIAL_JS_MAX_GZIP = 400 * KB;
/** Back office: its lazy chunks are only reported. */
export const BACKOFFICE_LAZY_CHUNK_MAX_GZIP = Infinity;

/**
 * Lazy chunks measured against their own limit instead of WEB_LAZY_CHUNK_MAX_GZIP. The chart library the
 * stock detail page will load is the expected entry: give its chunk a stable name in apps/web/vite.config.ts
 * (e.g. a `chart` manual chunk) and list it here with the limit agreed for it.
 */
export const SEPARATELY_MEASURED_CHUNKS = [
  { label: 'chart library (stock detail page)', match: /^assets\/chart-[\w-]+\.js$/, maxGzip: 120 * KB },
];

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** The JS files index.html loads up front, and every other JS file of the build, with gzipped sizes. */
export async function measureApp(distDir) {
  await init;
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]+)"`))?.[1];
  const toFile = (url) => relative(distDir, resolve(distDir, url.replace(/^\/[^/]*\/(?=assets\/)/, '')));
  const roots = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (attr(tag, 'type') === 'module' && attr(tag, 'src')) roots.push(toFile(attr(tag, 'src')));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) roots.push(toFile(attr(tag, 'href')));
  }
  // The investor app's first screen is drawn by index.html; its inline script requests the app's entry and
  // preloads once that screen is painted (apps/web/first-screen), so they count as loaded up front.
  const firstScreenApp = html.match(/"app":(\{"entry":"[^"]+","preloads":\[[^\]]*\]\})/)?.[1];
  if (firstScreenApp) {
    const app = JSON.parse(firstScreenApp);
    for (const url of [app.entry, ...app.preloads]) roots.push(toFile(url));
  }
  if (roots.length === 0) throw new Error(`${distDir}/index.html loads no module script`);

  const initial = new Set();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift();
    if (initial.has(file)) continue;
    const path = join(distDir, file);
    if (!existsSync(path)) throw new Error(`${distDir}/index.html loads ${file}, which the build lacks`);
    initial.add(file);
    const [imports] = parse(readFileSync(path, 'utf8'));
    for (const entry of imports) {
      // d === -1: a static import (dynamic imports have d >= 0, import.meta has d === -2).
      if (entry.d === -1 && entry.n?.startsWith('.'))
        queue.push(relative(distDir, resolve(dirname(path), entry.n)));
    }
  }

  const allJs = readdirSync(join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  const sizeOf = (file) => ({ file, gzip: gzipSize(readFileSync(join(distDir, file))) });
  const initialFiles = [...initial].map(sizeOf).sort((a, b) => b.gzip - a.gzip);
  const lazyFiles = allJs
    .filter((file) => !initial.has(file))
    .map(sizeOf)
    .sort((a, b) => b.gzip - a.gzip);
  return { initialFiles, initialGzip: initialFiles.reduce((sum, f) => sum + f.gzip, 0), lazyFiles };
}

/** The budget failures of one measured app (empty when within budget). */
export function checkBudget(name, measured, { initialMax, lazyMax, separate = [] }) {
  const problems = [];
  if (measured.initialGzip > initialMax)
    problems.push(`${name}: initial JS ${kb(measured.initialGzip)} gzipped exceeds ${kb(initialMax)}`);
  for (const chunk of measured.lazyFiles) {
    const own = separate.find((entry) => entry.match.test(chunk.file));
    const max = own ? own.maxGzip : lazyMax;
    if (chunk.gzip > max)
      problems.push(`${name}: lazy chunk ${chunk.file} ${kb(chunk.gzip)} gzipped exceeds ${kb(max)}`);
  }
  return problems;
}

const kb = (bytes) => (bytes === Infinity ? 'no limit' : `${(bytes / KB).toFixed(1)} KB`);

function report(name, measured, limits) {
  console.log(`\n${name}: initial JS ${kb(measured.initialGzip)} gzipped (budget ${kb(limits.initialMax)})`);
  for (const f of measured.initialFiles) console.log(`  ${kb(f.gzip).padStart(10)}  ${f.file}`);
  const largest = measured.lazyFiles.slice(0, 8);
  console.log(
    `${name}: ${measured.lazyFiles.length} lazy chunks, largest (budget ${kb(limits.lazyMax)} each):`,
  );
  for (const f of largest) console.log(`  ${kb(f.gzip).padStart(10)}  ${f.file}`);
}

async function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const apps = [
    {
      name: 'investor app (apps/web)',
      dist: join(root, process.env.WEB_DIST ?? 'apps/web/dist'),
      limits: {
        initialMax: WEB_INITIAL_JS_MAX_GZIP,
        lazyMax: WEB_LAZY_CHUNK_MAX_GZIP,
        separate: SEPARATELY_MEASURED_CHUNKS,
      },
    },
    {
      name: 'back office (apps/backoffice)',
      dist: join(root, process.env.BACKOFFICE_DIST ?? 'apps/backoffice/dist'),
      limits: { initialMax: BACKOFFICE_INITIAL_JS_MAX_GZIP, lazyMax: BACKOFFICE_LAZY_CHUNK_MAX_GZIP },
    },
  ];
  const problems = [];
  for (const app of apps) {
    if (!existsSync(join(app.dist, 'index.html'))) {
      problems.push(`${app.name}: no build at ${app.dist} (run npm run build)`);
      continue;
    }
    const measured = await measureApp(app.dist);
    report(app.name, measured, app.limits);
    problems.push(...checkBudget(app.name, measured, app.limits));
  }
  console.log(
    problems.length ? `\nOver budget:\n  ${problems.join('\n  ')}` : '\nAll bundles within budget.',
  );
  process.exit(problems.length ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

// `npm test`: lint, formatting, type checks, the i18n check, unit and API tests on PGlite, the API tests again on
// PostgreSQL when DATABASE_URL is set, and, when Chromium is present, the build, its bundle size budgets and the
// Playwright suite
// (E2E=required makes its absence a failure). Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Each failed test, named again at the end so that the last lines of a long log say which one failed. */
const failedTests = [];
/** Tests that failed and then passed on their retry (CI only, decision 0009), printed together at the end. */
const flakyTests = [];

/** Runs a step; a failed step that reported no failed test of its own still counts as one failure. */
function run(name, command, args, env = {}, countsTests = false) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failedSteps.push(name);
    if (!countsTests) totals.failed += 1;
  }
  console.log(`--- ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds}s)`);
  return result.status === 0;
}

/** The first line of a failure message, short enough for a summary line. */
function firstLine(message = '') {
  // Playwright's messages carry terminal colours.
  const plain = message.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  const line = plain.split('\n').find((text) => text.trim() !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function countVitest(step, file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults) {
    const path = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
    const failed = suite.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed)
      failedTests.push(
        `  [${step}] ${path} › ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`,
      );
    if (failed.length === 0 && suite.status === 'failed')
      failedTests.push(`  [${step}] ${path}\n      ${firstLine(suite.message)}`);
  }
}

function vitest(name, outputFile, args, env) {
  const file = join(results, `${outputFile}.json`);
  const flakyFile = join(results, `${outputFile}.flaky.txt`);
  const failedBefore = totals.failed;
  const ok = run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/vitest-flaky-reporter.mjs',
      `--outputFile.json=${file}`,
      ...args,
    ],
    { ...env, VITEST_FLAKY_FILE: flakyFile },
    true,
  );
  countVitest(name, file);
  if (existsSync(flakyFile))
    for (const line of readFileSync(flakyFile, 'utf8').split('\n').filter(Boolean))
      flakyTests.push(`  [${name}] ${line}`);
  if (!ok && totals.failed === failedBefore) totals.failed += 1;
}

run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('formatting', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
run('type check', 'npm', ['run', 'typecheck', '--silent']);
run('i18n completeness', 'npm', ['run', 'i18n:check', '--silent']);

vitest('unit and API tests (PGlite)', 'vitest-pglite', [], { DATABASE_URL: '' });
if (process.env.DATABASE_URL) {
  vitest('API tests (PostgreSQL)', 'vitest-postgres', ['apps/server'], {});
} else {
  console.log('\n(DATABASE_URL not set: API tests ran on PGlite only)');
}

/**
 * "[project] file:line › title" of each Playwright test whose outcome is `status` (the JSON report's suites):
 * 'flaky' failed and then passed on its retry, 'unexpected' failed (with its last try's error, first line).
 */
function playwrightTests(suites, status) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== status) continue;
        const name = `  [${test.projectName}] e2e/${spec.file}:${spec.line} › ${spec.title}`;
        const error = status === 'unexpected' ? test.results?.at(-1)?.error?.message : undefined;
        found.push(error ? `${name}\n      ${firstLine(error)}` : name);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return found;
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (run('build web app and back office', 'npm', ['run', 'build', '--silent'])) {
    run('bundle size budgets', 'node', ['scripts/bundle-budget.mjs']);
    const failedBefore = totals.failed;
    const ok = run(
      'end-to-end (Playwright, Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      {},
      true,
    );
    const report = join(results, 'e2e-report.json');
    if (existsSync(report)) {
      const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
      failedTests.push(...playwrightTests(suites, 'unexpected'));
      flakyTests.push(...playwrightTests(suites, 'flaky'));
    }
    if (!ok && totals.failed === failedBefore) totals.failed += 1;
  }
} else if (process.env.E2E === 'required') {
  console.error(`\nE2E=required but no Chromium at ${chromium}`);
  failedSteps.push('end-to-end (Chromium missing)');
  totals.failed += 1;
} else {
  console.log(
    `\n(no Chromium at ${chromium}: end-to-end suite skipped; set E2E=required to make this a failure)`,
  );
}

if (flakyTests.length) console.log(`\nFlaky (failed, then passed on the retry):\n${flakyTests.join('\n')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.join('\n')}`);
console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`Screenshots: e2e/artifacts/screenshots`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);

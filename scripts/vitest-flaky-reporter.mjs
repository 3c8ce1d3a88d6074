// A Vitest reporter that writes, to the file named by VITEST_FLAKY_FILE, the tests that failed and then passed on
// their retry (decision 0009), one "file › full name" per line; `npm test` prints them by name at the end.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const file = relative(process.cwd(), testCase.module.moduleId);
    this.flaky.push(`${file} › ${testCase.fullName}`);
  }

  onTestRunEnd() {
    const file = process.env.VITEST_FLAKY_FILE;
    if (file) writeFileSync(file, this.flaky.map((line) => `${line}\n`).join(''));
  }
}

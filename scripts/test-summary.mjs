// The last step of `npm test`: reads what the earlier steps left in .test-results/ and prints one line
// per suite, then the totals alone on the last line: "N passed, N failed" (", N skipped" when any were).
// A step that succeeded left <step>.passed; Vitest and Playwright left their JSON reports. Whatever is
// missing did not finish and counts as a failure, so a crash before any test ran fails the run too.
// A suite left out for want of PostgreSQL or Chromium is skipped, with how to enable it, except on CI,
// where it is a failure.
import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ passed: number, failed: number, skipped: number }} Counts
 * @typedef {Counts & { name: string, note?: string }} Suite
 * @typedef {{ projects: Record<string, Counts>, unhandledErrors: number }} VitestReport
 *   written by scripts/vitest-totals-reporter.ts
 * @typedef {{
 *   config: { metadata: { chromiumMissing?: string } },
 *   stats: { expected: number, unexpected: number, flaky: number, skipped: number },
 *   errors: unknown[],
 * }} PlaywrightReport  Playwright's JSON report, the parts counted here
 */

const results = path.resolve('.test-results');
const ci = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Vitest's projects (vitest.config.ts), in the words of the summary.
 * @type {Record<string, string>}
 */
const vitestProjects = {
  unit: 'unit tests',
  web: 'web app components',
  'api-sqlite': 'API tests on SQLite',
  'api-postgres': 'API tests on PostgreSQL',
};

/** @type {Suite[]} */
const suites = [];

/** @param {string} step */
function succeeded(step) {
  return fs.existsSync(path.join(results, `${step}.passed`));
}

/**
 * @param {string} file
 * @returns {unknown} the parsed report, or undefined when there is none
 */
function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(results, file), 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string} name @param {string} step */
function check(name, step) {
  const ok = succeeded(step);
  suites.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

/** @param {string} name @param {string} reason @param {string} howToEnable */
function leftOut(name, reason, howToEnable) {
  suites.push(
    ci ? { name, passed: 0, failed: 1, skipped: 0, note: `${reason}, and CI requires it` } : { name, passed: 0, failed: 0, skipped: 0, note: `skipped: ${reason}. ${howToEnable}` },
  );
}

/** @param {string} name @param {string} note */
function didNotFinish(name, note) {
  suites.push({ name, passed: 0, failed: 1, skipped: 0, note });
}

check('typecheck', 'typecheck');
check('lint', 'lint');

const vitest = /** @type {VitestReport | undefined} */ (readReport('vitest.json'));
if (!vitest) {
  didNotFinish('Vitest', 'stopped before it reported: see its output above');
} else {
  for (const [project, counts] of Object.entries(vitest.projects)) {
    suites.push({ name: vitestProjects[project] ?? `Vitest project ${project}`, ...counts });
  }
  if (!('api-postgres' in vitest.projects)) {
    leftOut('API tests on PostgreSQL', 'no PostgreSQL answered', 'Start it on 127.0.0.1:5432, or set TEST_DATABASE_URL to a server where databases may be created.');
  }
  const failedTests = Object.values(vitest.projects).reduce((sum, counts) => sum + counts.failed, 0);
  if (vitest.unhandledErrors > 0) {
    suites.push({ name: 'Vitest, outside any test', passed: 0, failed: vitest.unhandledErrors, skipped: 0, note: 'unhandled errors: see above' });
  } else if (!succeeded('vitest') && failedTests === 0) {
    didNotFinish('Vitest', 'exited with an error after its report: see its output above');
  }
}

check('build', 'build');

const browserTests = 'browser tests in Chromium';
const playwright = /** @type {PlaywrightReport | undefined} */ (readReport('playwright.json'));
if (!succeeded('build')) {
  suites.push({ name: browserTests, passed: 0, failed: 0, skipped: 0, note: 'not run: the build failed' });
} else if (!playwright) {
  didNotFinish(browserTests, 'stopped before it reported: see its output above');
} else if (playwright.config.metadata.chromiumMissing) {
  leftOut(browserTests, playwright.config.metadata.chromiumMissing, 'Install it (apt-get install chromium) or set CHROMIUM_PATH.');
} else {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  // Errors outside the tests (a web server that would not start, say) count as failures too.
  const failed = unexpected + playwright.errors.length;
  suites.push({ name: browserTests, passed: expected + flaky, failed: failed || (succeeded('browser') ? 0 : 1), skipped });
}

/** @param {Counts} counts */
const describe = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;

console.log(`\n━━ summary ${'━'.repeat(62)}`);
for (const suite of suites) {
  const mark = suite.failed ? '✗' : suite.note?.startsWith('skipped') ? '⚠' : '✓';
  console.log(`${mark} ${suite.name.padEnd(28)} ${describe(suite)}${suite.note ? ` (${suite.note})` : ''}`);
}
const total = (/** @type {keyof Counts} */ key) => suites.reduce((sum, suite) => sum + suite[key], 0);
console.log(`\n${describe({ passed: total('passed'), failed: total('failed'), skipped: total('skipped') })}`);
process.exitCode = total('failed') > 0 ? 1 : 0;

// `npm test`: typecheck, lint, unit and API tests on SQLite, the API tests again on PostgreSQL,
// then the browser tests in Chromium against the built app. Ends with one line that totals every
// suite: "N passed, N failed". With CI=true a missing PostgreSQL or Chromium fails the run;
// without it, the run says what it skipped and how to enable it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const resultsDir = path.resolve('.test-results');
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One row of the summary: a suite and how its tests (or its single check) went. */
const suites = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function heading(text) {
  console.log(`\n━━ ${text} ${'━'.repeat(Math.max(0, 70 - text.length))}`);
}

function check(name, command, args) {
  heading(name);
  const ok = run(command, args);
  suites.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitest(name, env, outputName) {
  heading(name);
  const outputFile = path.join(resultsDir, outputName);
  fs.rmSync(outputFile, { force: true });
  const ok = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`], env);
  const report = readJson(outputFile);
  const passed = report?.numPassedTests ?? 0;
  // A crash before any test ran still counts as a failure.
  const failed = (report?.numFailedTests ?? 0) || (ok ? 0 : 1);
  suites.push({ name, passed, failed, skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0) });
}

function skipOrFail(name, reason, howToEnable) {
  if (ci) {
    console.error(`\n✗ ${name}: ${reason}. CI requires it.`);
    suites.push({ name, passed: 0, failed: 1, skipped: 0, note: reason });
  } else {
    console.warn(`\n⚠ Skipped ${name}: ${reason}. ${howToEnable}`);
    suites.push({ name, passed: 0, failed: 0, skipped: 0, note: `skipped: ${reason}` });
  }
}

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

fs.mkdirSync(resultsDir, { recursive: true });

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);
vitest('unit and API tests on SQLite', { JOINERY_TEST_DB: 'sqlite' }, 'vitest-sqlite.json');

if (await postgresAnswers()) {
  vitest('API tests on PostgreSQL', { JOINERY_TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, 'vitest-postgres.json');
} else {
  skipOrFail(
    'API tests on PostgreSQL',
    `no PostgreSQL answers at ${postgresUrl.replace(/\/\/[^@]*@/, '//')}`,
    'Start PostgreSQL there, or set TEST_DATABASE_URL to a server where databases may be created.',
  );
}

if (!fs.existsSync(chromiumPath)) {
  skipOrFail('browser tests', `no Chromium at ${chromiumPath}`, 'Install it (apt-get install chromium) or set CHROMIUM_PATH.');
} else if (check('build', 'npm', ['run', '--silent', 'build'])) {
  heading('browser tests in Chromium');
  const outputFile = path.join(resultsDir, 'playwright.json');
  fs.rmSync(outputFile, { force: true });
  const ok = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile });
  const stats = readJson(outputFile)?.stats;
  suites.push({
    name: 'browser tests in Chromium',
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: (stats?.unexpected ?? 0) || (ok ? 0 : 1),
    skipped: stats?.skipped ?? 0,
  });
}

heading('summary');
for (const suite of suites) {
  const counts = `${suite.passed} passed, ${suite.failed} failed${suite.skipped ? `, ${suite.skipped} skipped` : ''}`;
  console.log(`${suite.failed ? '✗' : '✓'} ${suite.name.padEnd(34)} ${counts}${suite.note ? ` (${suite.note})` : ''}`);
}
const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

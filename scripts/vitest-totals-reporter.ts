// A Vitest reporter for `npm test`'s summary: how many tests of each project passed, failed and were
// skipped, written to .test-results/vitest.json. Vitest's own JSON report does not say which project
// a test belongs to, and the API tests run the same files in two projects (SQLite and PostgreSQL).
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule, Vitest } from 'vitest/node';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

export default class VitestTotalsReporter implements Reporter {
  private projects: string[] = [];
  private root = '.';

  onInit(vitest: Vitest): void {
    this.projects = vitest.projects.map((project) => project.name);
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const totals = new Map<string, Totals>(this.projects.map((name) => [name, { passed: 0, failed: 0, skipped: 0 }]));
    for (const testModule of testModules) {
      const counts = totals.get(testModule.project.name) ?? { passed: 0, failed: 0, skipped: 0 };
      totals.set(testModule.project.name, counts);
      let failedTests = 0;
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') failedTests += 1;
        else counts.skipped += 1;
      }
      // A file that could not load, or whose beforeAll failed, counts once even when no test failed.
      counts.failed += failedTests || (testModule.ok() ? 0 : 1);
    }
    const file = path.join(this.root, '.test-results', 'vitest.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ projects: Object.fromEntries(totals), unhandledErrors: unhandledErrors.length }, null, 2));
  }
}

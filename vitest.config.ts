import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { postgresAdminAddress, postgresAnswers } from './server/test/postgres-test-server.ts';

// Four projects: plain unit tests, the web app's components in a simulated DOM, and the API tests
// (*.api.test.ts, through app.inject on a real database) once on SQLite and once on PostgreSQL.
// `vitest run --project <name>` runs one of them.
const apiTests = ['server/**/*.api.test.ts'];

// Given to each project rather than inherited with `extends: true`, which would load this file (and
// ask PostgreSQL) once more for every project.
const shared = { testTimeout: 20_000, hookTimeout: 30_000, pool: 'forks' } as const;

// The API test files share each worker's loaded modules: every file builds its own app on its own
// database, and loading the whole server afresh for each of them took most of the suite's time.
const apiProject = { ...shared, include: apiTests, environment: 'node', isolate: false } as const;

const apiOnPostgres: TestProjectInlineConfiguration = {
  test: { ...apiProject, name: 'api-postgres', env: { JOINERY_TEST_DB: 'postgres' } },
};

// The PostgreSQL project needs a server on which it may create databases. A machine without one runs
// the rest and says so; `npm test` counts the missing project as a failure on CI.
const withPostgres = await postgresAnswers();
if (!withPostgres) {
  console.warn(
    `⚠ Leaving out the API tests on PostgreSQL (project api-postgres): no PostgreSQL answers at ${postgresAdminAddress}.` +
      ' Start PostgreSQL there, or set TEST_DATABASE_URL to a server where databases may be created.',
  );
}

export default defineConfig({
  test: {
    // The API tests spend most of their time waiting for the database, so two files at once pay off
    // even on two cores, where Vitest would otherwise run one at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: { ...shared, name: 'unit', include: ['{common,server,scripts}/**/*.test.ts'], exclude: apiTests, environment: 'node' },
      },
      {
        plugins: [react()],
        test: {
          ...shared,
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
      {
        test: { ...apiProject, name: 'api-sqlite', env: { JOINERY_TEST_DB: 'sqlite' } },
      },
      ...(withPostgres ? [apiOnPostgres] : []),
    ],
  },
});

import { defineConfig } from 'vitest/config';

// The API tests (*.api.test.ts) run once on SQLite and again on PostgreSQL (JOINERY_TEST_DB=postgres);
// the unit tests run once, with the SQLite pass.
const postgresPass = process.env.JOINERY_TEST_DB === 'postgres';

export default defineConfig({
  test: {
    include: postgresPass ? ['server/**/*.api.test.ts'] : ['{common,server,web}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});

import { defineConfig } from 'vitest/config';

const shared = {
  environment: 'node' as const,
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: ['tests/support/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// API and database tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const postgresProject = process.env.TEST_DATABASE_URL
  ? [{ test: { ...shared, name: 'api-postgres', include: ['src/server/**/*.test.ts'], env: { TEST_DB_KIND: 'postgres' } } }]
  : [];

export default defineConfig({
  test: {
    // Two workers match the two cores here; PGlite start-up is CPU bound.
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: 'unit-and-api', include: ['src/**/*.test.ts'], env: { TEST_DB_KIND: 'pglite' } } },
      ...postgresProject,
      // Lint-config tests need no database, so they skip the PGlite global setup.
      { test: { name: 'lint', environment: 'node', include: ['tests/lint/**/*.test.ts'], setupFiles: shared.setupFiles, testTimeout: 60_000 } },
    ],
  },
});

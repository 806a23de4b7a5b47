import { defineConfig } from 'vitest/config';

const shared = {
  environment: 'node' as const,
  // Test files share the modules their worker has loaded, rather than each importing the app again
  // (about a second a file: 260 s of a CI run's worker time went to imports). Each file still
  // builds its own app on a fresh database, and module-level state is not allowed to carry a
  // test's data (caches belong to an app, keyed by it); the whole suite passes either way.
  isolate: false,
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

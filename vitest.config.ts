import { configDefaults, defineConfig } from 'vitest/config';
import { databaseTestFiles } from './tests/support/database-test-files';
import SlowFilesFirst from './tests/support/slow-files-first';

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

// The web app's tests (project `web`) run in a DOM and need no database.
const serverAndShared = { include: ['src/**/*.test.ts'], exclude: [...configDefaults.exclude, 'src/web/**'] };

// API and database tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set:
// there, only the files whose outcome depends on the database (tests/support/database-test-files.ts).
const postgresProject = process.env.TEST_DATABASE_URL
  ? [{ test: { ...shared, name: 'api-postgres', include: databaseTestFiles(import.meta.dirname), env: { TEST_DB_KIND: 'postgres' } } }]
  : [];

export default defineConfig({
  test: {
    // Three workers on the two cores here. With two, the CPUs were idle 18% of the run (tests that
    // wait: for a sweep, a rate-limit window, a server process to start or die), and a third worker
    // fills those gaps: 232 -> 202 s for the whole run, the same CPU time (measured back to back).
    // The slowest file, the route fuzzer, then takes 25 s of its 180 s limit.
    maxWorkers: 3,
    // The few long files start first, on both databases, so no worker finishes alone (see the file).
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      { test: { ...shared, name: 'unit-and-api', ...serverAndShared, env: { TEST_DB_KIND: 'pglite' } } },
      ...postgresProject,
      // The web app in happy-dom, talking to a fake fetch that answers as the API does (tests/support/web).
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: [...shared.setupFiles, 'tests/support/web/setup.ts'],
          testTimeout: 10_000,
        },
      },
      // Lint-config tests need no database, so they skip the PGlite global setup.
      { test: { name: 'lint', environment: 'node', include: ['tests/lint/**/*.test.ts'], setupFiles: shared.setupFiles, testTimeout: 60_000 } },
    ],
  },
});

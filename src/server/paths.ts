import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Folders the server reads at run time. Bundled, every module shares the bundle's
 * `import.meta.dirname` (dist/server or dist/server/cli), so paths relative to a source file
 * break; the project root is found instead by walking up to the folder holding package.json,
 * which works from src/server (tsx, tests) and from dist/server (`npm start`) alike.
 */
export function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${start} or any folder above it: cannot find the store's files`);
  }
}

const runningFrom = import.meta.dirname;
export const PROJECT_ROOT = findProjectRoot(runningFrom);

/**
 * The folder of the server bundle this code runs from: dist/server for `npm start` and the tools
 * in dist/server/cli, or the test run's own build of the same entries (tests/support/global-setup.ts).
 * Null from the TypeScript sources (tsx, Vitest). The build (scripts/build-server.mjs) puts the
 * database worker and a copy of the migrations in it, so a deploy needs no sources.
 */
function findBundleFolder(): string | null {
  if (import.meta.filename.endsWith('.ts')) return null;
  return path.basename(runningFrom) === 'cli' ? path.dirname(runningFrom) : runningFrom;
}
const bundleFolder = findBundleFolder();

export const MIGRATIONS_DIR = bundleFolder ? path.join(bundleFolder, 'migrations') : path.join(PROJECT_ROOT, 'src/server/db/migrations');

export const DEFAULT_WEB_DIST_DIR = path.join(PROJECT_ROOT, 'dist/web');

/** The embedded database's worker thread (db/pglite-worker.ts, decision 025): bundled beside main.js, or the TypeScript file itself. */
export const PGLITE_WORKER_FILE = bundleFolder ? path.join(bundleFolder, 'pglite-worker.js') : path.join(PROJECT_ROOT, 'src/server/db/pglite-worker.ts');

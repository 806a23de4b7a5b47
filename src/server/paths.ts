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

/** The build (scripts/build-server.mjs) copies the migrations beside the bundle, so a deploy needs no sources. */
const runningBundled = path.relative(PROJECT_ROOT, runningFrom).split(path.sep)[0] === 'dist';

export const MIGRATIONS_DIR = runningBundled
  ? path.join(PROJECT_ROOT, 'dist/server/migrations')
  : path.join(PROJECT_ROOT, 'src/server/db/migrations');

export const DEFAULT_WEB_DIST_DIR = path.join(PROJECT_ROOT, 'dist/web');

/**
 * The embedded database's worker thread (db/pglite-worker.ts, decision 025): the build bundles it
 * beside main.js; from the sources it is the TypeScript file itself.
 */
export const PGLITE_WORKER_FILE = runningBundled
  ? path.join(PROJECT_ROOT, 'dist/server/pglite-worker.js')
  : path.join(PROJECT_ROOT, 'src/server/db/pglite-worker.ts');

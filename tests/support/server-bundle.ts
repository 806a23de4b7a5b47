import path from 'node:path';
import { inject } from 'vitest';

/**
 * The server as a test starts it in a process of its own: as production does, with plain `node` and
 * no TypeScript loader. Under Vitest, the run's build of the sources, made by the global setup as
 * `npm run build` makes dist/server (tests/support/global-setup.ts); under Playwright, dist/server
 * itself, which `npm run test:e2e` builds first when the sources changed.
 */
const bundleDir = () => (process.env.VITEST ? inject('serverBundleDir') : path.resolve(import.meta.dirname, '../../dist/server'));

export const serverBundle = {
  /** The server (src/server/main.ts). */
  main: () => path.join(bundleDir(), 'main.js'),
  /** The embedded database's worker thread (src/server/db/pglite-worker.ts). */
  pgliteWorker: () => path.join(bundleDir(), 'pglite-worker.js'),
  /** A command-line tool (src/server/db/cli/<name>.ts or src/server/accounts/cli/<name>.ts). */
  tool: (name: string) => path.join(bundleDir(), 'cli', `${name}.js`),
};

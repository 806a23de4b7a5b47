import path from 'node:path';
import { inject } from 'vitest';

/**
 * The test run's build of the server, made from the sources by the global setup as `npm run build`
 * makes dist/server (tests/support/global-setup.ts): what a test starts as its own process, it
 * starts as production does, with plain `node` and no TypeScript loader.
 */
export const serverBundle = {
  /** The server (src/server/main.ts). */
  main: () => path.join(inject('serverBundleDir'), 'main.js'),
  /** The embedded database's worker thread (src/server/db/pglite-worker.ts). */
  pgliteWorker: () => path.join(inject('serverBundleDir'), 'pglite-worker.js'),
  /** A command-line tool (src/server/db/cli/<name>.ts or src/server/accounts/cli/<name>.ts). */
  tool: (name: string) => path.join(inject('serverBundleDir'), 'cli', `${name}.js`),
};

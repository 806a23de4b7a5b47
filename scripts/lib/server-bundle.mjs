// How the server's entry points become plain JavaScript for Node: by the build
// (scripts/build-server.mjs, dist/server) and by the API tests' global setup, which bundles the
// embedded database's worker once per run (tests/support/global-setup.ts). One set of options,
// so the tests' worker is built as production's is.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The embedded database's worker thread: its bundle is `<outdir>/pglite-worker.js`. */
export const PGLITE_WORKER_ENTRY = { 'pglite-worker': 'src/server/db/pglite-worker.ts' };

/**
 * Bundles `entryPoints` ({ outputName: sourceFile }) into `outdir` as ES modules for Node 20.
 * Packages stay imports of node_modules, so `outdir` must be inside the project for Node to find
 * them. Answers esbuild's result, with its metafile.
 */
export async function bundleServer({ entryPoints, outdir, sourcemap = true }) {
  // Imported here so that merely loading this module needs no dev dependency.
  const esbuild = await import('esbuild');
  return esbuild.build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap,
    metafile: true,
    logLevel: 'warning',
  });
}

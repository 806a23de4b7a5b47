import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The built web app and its server renderer (dist/web, dist/ssr), for the tests that read the pages
 * the server writes (storefront/): built by `npm run build`'s own steps when the sources changed
 * since the last build (scripts/build-if-needed.mjs), else used as they are, as `npm start` does.
 * Under a lock, so that the global setups of two test projects never build at once.
 */
export async function ensureWebBuild(): Promise<string> {
  mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  const release = await lockfile.lock(ROOT, { lockfilePath: path.join(ROOT, 'node_modules/.cache/web-build.lock'), retries: { retries: 600, minTimeout: 200, maxTimeout: 500 }, stale: 300_000 });
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'scripts/build-if-needed.mjs')], { cwd: ROOT, stdio: 'inherit' });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`build-if-needed exited with code ${code}`))));
    });
  } finally {
    await release();
  }
  return path.join(ROOT, 'dist/web');
}

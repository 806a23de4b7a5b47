// What a build is made from, as one content hash, and the stamp that records it in dist/.
// Contents, not mtimes: a fresh checkout, a `touch` or `npm install` rewriting the lock file leaves
// the hash as it was, so `npm start` does not rebuild for nothing.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const STAMP_FILE = path.join(ROOT, 'dist/build-stamp.json');
/** What `npm start` needs; without both, there is nothing to start. */
export const BUILD_OUTPUTS = ['dist/web/index.html', 'dist/ssr/render-tool-page.js', 'dist/server/main.js'];

const INPUTS = [
  'src/web',
  'src/shared',
  'src/server',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/build-inputs.mjs',
];
/** Tests are never bundled: editing one must not cost a rebuild. */
const NOT_BUILT = /\.test\.tsx?$/;

function filesUnder(relative) {
  const absolute = path.join(ROOT, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) return filesUnder(child);
      return NOT_BUILT.test(entry.name) ? [] : [child];
    });
}

/** Every installed package as name@version, from the lock file; its formatting and order don't count. */
function lockedPackages() {
  const lockPath = path.join(ROOT, 'package-lock.json');
  if (!existsSync(lockPath)) return [];
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  return Object.entries(lock.packages ?? {})
    .filter(([location]) => location !== '')
    .map(([location, entry]) => `${location}@${entry.version ?? entry.resolved ?? 'link'}`)
    .sort();
}

export function hashBuildInputs() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(`${file}\0`).update(readFileSync(path.join(ROOT, file))).update('\0');
  }
  hash.update(lockedPackages().join('\n'));
  return hash.digest('hex');
}

/** The hash of the inputs dist/ was built from, or null when there is no complete build. */
export function readStamp() {
  if (!BUILD_OUTPUTS.every((file) => existsSync(path.join(ROOT, file)))) return null;
  try {
    return JSON.parse(readFileSync(STAMP_FILE, 'utf8')).inputsHash ?? null;
  } catch {
    return null;
  }
}

export function writeStamp(inputsHash) {
  writeFileSync(STAMP_FILE, `${JSON.stringify({ inputsHash, builtAt: new Date().toISOString() }, null, 2)}\n`);
}

export function removeStamp() {
  rmSync(STAMP_FILE, { force: true });
}

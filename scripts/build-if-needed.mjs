// Builds the web app when dist/web is missing or older than any source file it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map((p) => path.join(root, p)).filter(existsSync).map(newestMtime));
if (builtAt >= sourcesAt) process.exit(0);

console.log(builtAt ? 'Web app sources changed: rebuilding...' : 'Building the web app (first start)...');
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);

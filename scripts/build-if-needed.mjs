// Runs before `npm start` and the browser tests: builds dist/ unless it was built from exactly
// these sources and locked package versions (content hashes, see build-inputs.mjs). On a
// production install (`npm ci --omit=dev`) there are no build tools: a dist/ copied from the
// build machine is used as it is.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BUILD_OUTPUTS, hashBuildInputs, readStamp, ROOT } from './build-inputs.mjs';

/** Dev dependencies the build needs; some may linger in a production install through optional peers, not all. */
const BUILD_TOOLS = ['vite', 'esbuild', '@vitejs/plugin-react', '@tailwindcss/vite'];

const missingTools = BUILD_TOOLS.filter((name) => !existsSync(path.join(ROOT, 'node_modules', name, 'package.json')));
const hasBuild = BUILD_OUTPUTS.every((file) => existsSync(path.join(ROOT, file)));
const builtFrom = readStamp();

if (missingTools.length > 0) {
  if (!hasBuild) {
    console.error(
      `There is no build in dist/ and this install has no build tools (${missingTools.join(', ')} missing: installed with --omit=dev?).\n` +
        'Run `npm ci && npm run build` on a machine with the dev dependencies and copy dist/ here, or run `npm install` here first.',
    );
    process.exit(1);
  }
  if (existsSync(path.join(ROOT, 'src/server')) && builtFrom !== hashBuildInputs()) {
    console.warn('Note: dist/ was not built from these sources, but the build tools are not installed: starting dist/ as it is.');
  }
  process.exit(0);
}

const inputsHash = hashBuildInputs();
if (builtFrom === inputsHash) process.exit(0);

console.log(hasBuild ? 'Sources or package versions changed: rebuilding dist/...' : 'Building the web app and the server (first start)...');
const { buildAll } = await import('./build.mjs');
try {
  await buildAll();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

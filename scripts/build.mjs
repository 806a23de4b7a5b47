// `npm run build`: the web app (Vite → dist/web), its server renderer of tool pages (Vite's SSR
// build → dist/ssr, decision 040), then the server (esbuild → dist/server), then the stamp that
// lets `npm start` skip the next build when nothing changed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { hashBuildInputs, removeStamp, ROOT, writeStamp } from './build-inputs.mjs';
import { buildServer } from './build-server.mjs';

export async function buildAll() {
  // Hashed before building: a file edited during the build makes the next start build again.
  const inputsHash = hashBuildInputs();
  removeStamp();
  // --no: never let npx download a Vite that the project did not install. A build is for
  // production whoever starts it: Vite takes NODE_ENV from the environment, and a test runner's
  // NODE_ENV=test would build React's development code into dist/.
  const env = { ...process.env, NODE_ENV: 'production' };
  const web = spawnSync('npx', ['--no', 'vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env });
  if (web.status !== 0) throw new Error(`vite build failed (exit code ${web.status ?? web.signal})`);
  const ssr = spawnSync('npx', ['--no', 'vite', 'build', '--ssr', 'ssr/render-tool-page.tsx', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env });
  if (ssr.status !== 0) throw new Error(`vite build --ssr failed (exit code ${ssr.status ?? ssr.signal})`);
  await buildServer();
  writeStamp(inputsHash);
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  try {
    await buildAll();
    console.log('Built the web app into dist/web, its tool page renderer into dist/ssr and the server into dist/server.');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

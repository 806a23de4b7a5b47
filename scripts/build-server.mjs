// Compiles the server and its command-line tools into dist/server with esbuild, so production
// runs plain `node` with no TypeScript loader. Packages stay in node_modules (an
// `npm ci --omit=dev` install provides them); the migrations are copied beside the bundle.
import { builtinModules } from 'node:module';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'dist/server');
const CLI_FOLDERS = ['src/server/cli'];

/**
 * dist/server/main.js, dist/server/pglite-worker.js (the embedded database's thread, which
 * src/server/paths.ts finds there), and dist/server/cli/<name>.js for each command-line tool.
 */
function entryPoints() {
  const entries = { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' };
  for (const folder of CLI_FOLDERS) {
    for (const file of readdirSync(path.join(ROOT, folder)).filter((name) => /^[^.]+\.ts$/.test(name))) {
      const name = `cli/${path.basename(file, '.ts')}`;
      if (entries[name]) throw new Error(`Two command-line tools would both be dist/server/${name}.js`);
      entries[name] = path.posix.join(folder, file);
    }
  }
  return entries;
}

const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Every import the bundle leaves to Node must be a built-in or a runtime dependency: a dev
 * dependency (tsx, vite, esbuild, tailwind...) is absent after `npm ci --omit=dev`, or present
 * only by accident of some package's optional peer, and the start must not rely on it.
 */
function checkRuntimeImports(metafile) {
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const builtins = new Set(builtinModules);
  const problems = new Set();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
      if (!(packageName(specifier) in dependencies)) problems.add(`${file} imports ${specifier}`);
    }
  }
  if (problems.size > 0) {
    throw new Error(`The server bundle imports packages that are not runtime dependencies:\n  ${[...problems].join('\n  ')}`);
  }
}

/**
 * Builds every server entry into `outDir` (dist/server by default; the API tests build into a
 * folder of their own, tests/support/global-setup.ts), with the migrations beside the bundle.
 */
export async function buildServer({ outDir = OUT_DIR, sourcemap = true } = {}) {
  // Imported here so that merely loading this module needs no dev dependency.
  const esbuild = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: entryPoints(),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages stay imports of node_modules: `outDir` must be inside the project for Node to find them.
    packages: 'external',
    sourcemap,
    // The maps are for stack traces (`--enable-source-maps`), which need the mappings and the
    // files' names only. Node keeps every loaded map in the process's heap: the sources' own text
    // in it was 15 MB of the store's heap at rest (issue 26, docs/bench.md, fifth round).
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  checkRuntimeImports(result.metafile);
  cpSync(path.join(ROOT, 'src/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  await buildServer();
  console.log('Built the server into dist/server.');
}

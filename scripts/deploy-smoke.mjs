// `npm run test:deploy`: checks that the web app's build prints no warning, then follows the
// README's Deploy section in a temporary folder. The build (dist/) is copied with package.json, package-lock.json and scripts/, installed with
// `npm ci --omit=dev`, the migration tool runs, then `npm start` serves the store. Build tools that
// an optional peer still drags in are deleted first: the start must not need them.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_OUTPUTS, ROOT } from './build-inputs.mjs';
import { freePort } from './lib/free-port.mjs';

const DEV_ONLY = ['tsx', 'vite', 'esbuild', 'tailwindcss', '@tailwindcss/vite', '@vitejs/plugin-react', 'vitest', 'drizzle-kit'];
const START_TIMEOUT_MS = 60_000;

function fail(message) {
  throw new Error(`Deploy check failed: ${message}`);
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** `npm start` in `folder`; resolves with the output once the store has printed its start banner. */
async function startStore(folder, env) {
  const child = spawn('npm', ['start', '--silent'], { cwd: folder, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end(); // EXIT_WITH_STDIN: the server shuts down gracefully
    const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the store did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const check = () => {
      if (/Server listening at/.test(output) && /ToolHouse store is running at/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before listening:\n${output}`));
    });
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { output: () => output, stop };
}

async function expectOk(url) {
  const response = await fetch(url);
  if (response.status !== 200) fail(`GET ${url} answered ${response.status}`);
  return response;
}

/**
 * The web app's build, as a newcomer's first `npm start` runs it, prints nothing at its log level
 * (warn): a warning there is one a newcomer cannot act on (issue 28: a bundler's note about a chunk
 * group's debugName, daisyUI's version banner). Built into a folder of its own, never over dist/,
 * which CI's browser tests are using meanwhile (.ci/run runs this check beside them).
 */
function buildQuietly() {
  console.log('vite build into a temporary folder (its output is checked)');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'store-build-check-'));
  try {
    const result = spawnSync('npx', ['--no', 'vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    const output = `${result.stdout}${result.stderr}`;
    if (result.status !== 0) fail(`the build failed:\n${output}`);
    if (output.trim() !== '') fail(`the build printed warnings a newcomer cannot act on:\n${output}`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Parsed JSON log lines (pino) and the other lines (the start banner, npm) of a start's output. */
function splitOutput(output) {
  const log = [];
  const text = [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    try {
      log.push(JSON.parse(line));
    } catch {
      text.push(line);
    }
  }
  return { log, text };
}

/**
 * Nothing alarming beside the banner: no error in the log, no Node or library warning, and the
 * log says what the banner says about the first admin's password (the file it is in, here).
 */
function checkStartOutput(output, passwordFile) {
  const { log, text } = splitOutput(output);
  const errors = log.filter((entry) => entry.level >= 50);
  if (errors.length > 0) fail(`the start logged errors:\n${errors.map((entry) => JSON.stringify(entry)).join('\n')}`);
  const alarming = text.filter((line) => /warn|deprecat|experimental|error|debugName|daisyUI|🌼/i.test(line));
  if (alarming.length > 0) fail(`the start printed warnings beside its banner:\n${alarming.join('\n')}`);
  const told = log.find((entry) => typeof entry.msg === 'string' && entry.msg.includes("first admin's password"));
  if (!told || !told.msg.includes(`is in ${passwordFile}`)) fail(`the log does not say the first admin's password is in ${passwordFile}:\n${output}`);
  if (log.some((entry) => /shown once in the start banner/.test(entry.msg ?? ''))) fail(`the log says the password was shown in the banner, which it was not:\n${output}`);
}

async function main() {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length > 0) fail(`no build (${missing.join(', ')} missing): run \`npm run build\` first`);
  buildQuietly();

  const folder = mkdtempSync(path.join(os.tmpdir(), 'store-deploy-'));
  try {
    for (const item of ['package.json', 'package-lock.json', 'scripts', 'dist']) {
      cpSync(path.join(ROOT, item), path.join(folder, item), { recursive: true });
    }
    console.log(`npm ci --omit=dev in ${folder}`);
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: folder });
    const { dependencies = {} } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    const declaredForRuntime = DEV_ONLY.filter((name) => name in dependencies);
    if (declaredForRuntime.length > 0) fail(`build tools declared as runtime dependencies: ${declaredForRuntime.join(', ')}`);
    // better-auth's optional peers (vitest, drizzle-kit) keep vite, tsx and esbuild in an
    // --omit=dev install; deleting them shows that the start never loads them.
    const lingering = DEV_ONLY.filter((name) => existsSync(path.join(folder, 'node_modules', name)));
    if (lingering.length > 0) console.log(`deleting dev tools that optional peers installed: ${lingering.join(', ')}`);
    for (const name of lingering) rmSync(path.join(folder, 'node_modules', name), { recursive: true, force: true });

    const dataDir = path.join(folder, 'data');
    const port = await freePort();
    const { NODE_OPTIONS: _loader, DATABASE_URL: _database, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', EXIT_WITH_STDIN: '1' };

    // The operator's way to migrate without tsx (README, Deploy).
    const migrated = run(process.execPath, ['dist/server/cli/migrate.js'], { cwd: folder, env });
    if (!/Migrated the pglite database/.test(migrated)) fail(`the migration tool said: ${migrated}`);

    const store = await startStore(folder, env);
    try {
      const origin = `http://127.0.0.1:${port}`;
      const page = await (await expectOk(`${origin}/`)).text();
      if (!page.includes('<div id="root">')) fail('GET / did not answer the web app');
      const items = await (await expectOk(`${origin}/api/items`)).json();
      if (!Array.isArray(items) || items.length === 0) fail('GET /api/items did not list the seeded tools');
      const output = store.output();
      if (/Building|rebuilding/.test(output)) fail(`npm start tried to build:\n${output}`);
      if (!output.includes(`Database: embedded PostgreSQL (PGlite) at ${path.join(dataDir, 'pglite')}`)) {
        fail(`the start banner does not name the database:\n${output}`);
      }
      // No terminal here (as under systemd): the password is in a file only this user can read, which the banner names.
      const passwordFile = /Password: in (\S+) \(readable by this user only\)/.exec(output)?.[1];
      if (!passwordFile) fail(`the start banner does not say where the first admin's password is:\n${output}`);
      if ((statSync(passwordFile).mode & 0o777) !== 0o600) fail(`${passwordFile} is readable by others`);
      checkStartOutput(output, passwordFile);
      if (!/^admin@store\.localhost\n\S{12,}\n$/.test(readFileSync(passwordFile, 'utf8'))) fail(`${passwordFile} does not hold the admin's email and password`);
      if ((statSync(dataDir).mode & 0o777) !== 0o700) fail(`DATA_DIR ${dataDir} is open to other users`);
    } finally {
      await store.stop();
    }
    console.log('Deploy check passed: a quiet build, npm ci --omit=dev, migrate, npm start with its banner and no warning, 200 from / and /api/items, no build tools.');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

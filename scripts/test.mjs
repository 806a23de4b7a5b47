// `npm test`: every check, each once, with its time printed.
//
// 1. The type check and lint, side by side (one core each).
// 2. Vitest: the unit and API tests on the embedded database, and on PostgreSQL too when
//    TEST_DATABASE_URL is set (vitest.config.ts), in one run sharing its two workers.
// 3. The browser tests, against the built app (built first if the sources changed), on
//    PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
//
// Stops at the first step that fails and exits with its code, so CI's log ends with the cause.
import { spawn } from 'node:child_process';

const steps = [
  [
    ['typecheck', 'npx', ['tsc', '--build']],
    ['lint', 'npx', ['eslint', '.']],
  ],
  [['unit and API tests', 'npx', ['vitest', 'run']]],
  [['browser tests', 'npm', ['run', '--silent', 'test:e2e']]],
];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);

function run([name, command, args]) {
  const started = performance.now();
  console.log(`\n--- ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      console.log(`--- ${name}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`} in ${seconds(started)} s`);
      resolve({ name, status });
    });
  });
}

const allStarted = performance.now();
for (const group of steps) {
  const results = await Promise.all(group.map(run));
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    console.error(`\nnpm test: ${failed.name} failed (after ${seconds(allStarted)} s)`);
    process.exit(failed.status);
  }
}
console.log(`\nnpm test: everything passed in ${seconds(allStarted)} s`);

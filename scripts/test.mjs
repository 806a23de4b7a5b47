// `npm test`: every check, each once, with its time printed.
//
// 1. The type check and lint, side by side (one core each).
// 2. Side by side: Vitest (the unit and API tests on the embedded database, and on PostgreSQL too
//    when TEST_DATABASE_URL is set: vitest.config.ts) and the browser tests (against the built app,
//    built first if the sources changed; on PostgreSQL when TEST_DATABASE_URL is set, else on the
//    embedded database). Vitest alone keeps both cores busy, but the browser tests leave about a
//    third of them idle (waiting on pages, animations and the network): side by side, the two take
//    about as long as Vitest and two thirds of the browser tests (decision 036).
//
// The first step of a group writes to the terminal as it goes; the one beside it writes to a log of
// its own, printed whole when it ends, so the two never interleave. Stops after the first group with a failure and exits with its code, so
// CI's log ends with the cause.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const steps = [
  [
    ['typecheck', 'npx', ['tsc', '--build']],
    ['lint', 'npx', ['eslint', '.']],
  ],
  [
    ['unit and API tests', 'npx', ['vitest', 'run']],
    ['browser tests', 'npm', ['run', '--silent', 'test:e2e']],
  ],
];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
const logs = await mkdtemp(path.join(tmpdir(), 'npm-test-'));

/** Runs one step; `live`: straight to the terminal, else to a log printed when it ends. */
function run([name, command, args], { live }) {
  const started = performance.now();
  console.log(`\n--- ${name}: ${command} ${args.join(' ')}${live ? '' : ' (its log follows when it ends)'}`);
  const logFile = path.join(logs, `${name.replaceAll(' ', '-')}.log`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (!live) {
      const log = createWriteStream(logFile);
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    child.on('close', async (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (!live) {
        console.log(`\n--- ${name}: log`);
        await new Promise((done) => createReadStream(logFile).on('end', done).pipe(process.stdout, { end: false }));
      }
      console.log(`--- ${name}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`} in ${seconds(started)} s`);
      resolve({ name, status });
    });
  });
}

const allStarted = performance.now();
try {
  for (const group of steps) {
    const results = await Promise.all(group.map((step, index) => run(step, { live: index === 0 })));
    const failed = results.find((result) => result.status !== 0);
    if (failed) {
      console.error(`\nnpm test: ${failed.name} failed (after ${seconds(allStarted)} s)`);
      process.exitCode = failed.status;
      break;
    }
  }
  if (!process.exitCode) console.log(`\nnpm test: everything passed in ${seconds(allStarted)} s`);
} finally {
  await rm(logs, { recursive: true, force: true });
}

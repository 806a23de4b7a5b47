import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that take far longer than the rest (measured on this machine, in seconds of one
 * worker, quiet): they start real server processes and a fresh embedded database each, or send
 * thousands of requests. Vitest orders files by the durations of its last run, which a fresh
 * clone (CI) does not have, and then by file size; these files are small, so they ran last and
 * one worker finished them alone while the other sat idle. Started first, they overlap the short
 * files instead (longest-processing-time-first scheduling).
 */
const SLOW_FILES = [
  'src/server/fuzz.test.ts', // ~50 s: every route × caller × hostile input
  'src/server/db/crash-restart.test.ts', // ~30 s: three server processes, two fresh databases
  'src/server/db/backup.test.ts', // ~30 s: two server processes and four command-line tools
  'src/server/accounts/lockout-as-a-weapon.test.ts', // ~20 s: password hashing under attack
  'src/server/accounts/sign-up-sign-in.test.ts',
  'src/server/exports/export-scale.test.ts', // 100,000 orders
  'src/server/build-app.test.ts',
  'src/server/orders/stock-hoarding.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? SLOW_FILES.length : index;
};

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the rest keep Vitest's own order (last durations, then size).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestConfigOverrides } from '../../../tests/support/test-app';
import { OPENAPI_PATH } from './api-docs';

/** One problem as `redocly lint --format json` reports it. */
interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/**
 * Warnings the document keeps on purpose: the store publishes no licence (a private package), and
 * the probes and the public configuration reads answer nothing 4xx of their own. A new kind of
 * warning fails here, so it is either fixed or added with its reason.
 */
const ACCEPTED_WARNINGS = new Set(['info-license', 'operation-4xx-response']);

// The CLI exports no API; its command line is its public interface (pinned in package.json).
const redoclyCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/**
 * The document lists the routes a configuration registers: the test-mode processor's confirm call
 * with the test provider, the webhook with Stripe (never called here: no network is needed).
 */
const STORES: [name: string, overrides: TestConfigOverrides, paymentPath: string][] = [
  ['the test-mode payment processor', {}, '/api/test-payments/confirm'],
  [
    'Stripe',
    {
      payments: { provider: 'stripe', secretKey: 'sk_test_lint', publishableKey: 'pk_test_lint', webhookSecret: 'whsec_lint', apiUrl: 'http://127.0.0.1:9' },
    },
    '/api/stripe/webhook',
  ],
];

/** Lints the document with Redocly's `recommended` rules, offline: no telemetry, no update check. */
async function lint(document: unknown, name: string): Promise<LintProblem[]> {
  const file = path.join(folder, `${name}.json`);
  await writeFile(file, JSON.stringify(document, null, 2));
  const run = promisify(execFile);
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  // Exit code 1 means "errors found": the JSON on stdout says which, so it is read either way.
  const { stdout } = await run(process.execPath, [redoclyCli, 'lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '1000'], {
    env,
    cwd: folder,
  }).catch((failure: { stdout?: string; stderr?: string }) => {
    if (!failure.stdout) throw new Error(`redocly lint did not run: ${failure.stderr}`);
    return { stdout: failure.stdout };
  });
  return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
}

const describeProblem = (problem: LintProblem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`;

describe(`GET ${OPENAPI_PATH} under redocly lint --extends recommended`, () => {
  it.each(STORES)('has no errors, and only the warnings kept on purpose, with %s', { timeout: 60_000 }, async (name, overrides, paymentPath) => {
    const testApp: TestApp = await createTestApp(overrides);
    try {
      const res = await testApp.app.inject({ method: 'GET', url: OPENAPI_PATH });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json<{ paths: object }>().paths)).toContain(paymentPath);
      const problems = await lint(res.json(), name.replace(/\W+/g, '-'));
      expect(problems.filter((problem) => problem.severity === 'error').map(describeProblem)).toEqual([]);
      expect(problems.filter((problem) => !ACCEPTED_WARNINGS.has(problem.ruleId)).map(describeProblem)).toEqual([]);
    } finally {
      await testApp.close();
    }
  });
});

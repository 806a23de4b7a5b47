import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The real eslint.config.js, unchanged: the type-aware rules on src/server (decision 034).
const eslint = new ESLint({ cwd: repoRoot });

// The project service gives type information only to files of a TypeScript project, so the
// snippets are linted in place of a real server file (its text replaced in memory; nothing is
// written). Any server file does: this one is small and has a timer of its own.
const SERVER_FILE = 'src/server/orders/expiry-sweep.ts';
const WEB_FILE = 'src/web/lib/paging.ts';

async function messagesFor(filePath: string, code: string): Promise<{ ruleId: string | null; line: number }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  // A parse error (the file in no project) shows up as a null rule id, failing the test.
  return result.messages.map(({ ruleId, line }) => ({ ruleId, line }));
}

const helpers = `
  import { EventEmitter } from 'node:events';
  async function sweep(): Promise<number> {
    return 1;
  }
  const events = new EventEmitter();
`;

describe('type-aware lint on the server', () => {
  beforeAll(() => {
    // If the files were renamed, say so rather than fail on a missing project.
    expect(existsSync(path.join(repoRoot, SERVER_FILE)), SERVER_FILE).toBe(true);
    expect(existsSync(path.join(repoRoot, WEB_FILE)), WEB_FILE).toBe(true);
  });

  it('reports a promise no one awaits or handles, and one handed where its result is ignored', async () => {
    const code = `${helpers}
      export function start() {
        sweep();
        setInterval(async () => {
          await sweep();
        }, 1000);
        events.on('tick', async () => {
          await sweep();
        });
        if (sweep()) return;
      }
    `;
    const lineOf = (text: string) => code.split('\n').findIndex((line) => line.includes(text)) + 1;
    expect(await messagesFor(SERVER_FILE, code)).toEqual([
      { ruleId: '@typescript-eslint/no-floating-promises', line: lineOf('sweep();') },
      { ruleId: '@typescript-eslint/no-misused-promises', line: lineOf('setInterval(') },
      { ruleId: '@typescript-eslint/no-misused-promises', line: lineOf("events.on('tick'") },
      { ruleId: '@typescript-eslint/no-misused-promises', line: lineOf('if (sweep())') },
    ]);
  });

  it('accepts a promise awaited, handled with .catch, or marked with void as left to run', async () => {
    const code = `${helpers}
      export async function start() {
        await sweep();
        sweep().catch(() => {});
        setInterval(() => {
          void sweep();
        }, 1000);
        events.on('tick', () => {
          sweep().catch(() => {});
        });
      }
    `;
    expect(await messagesFor(SERVER_FILE, code)).toEqual([]);
  });

  it('leaves the web app to its own rules (the type-aware ones are for the server only)', async () => {
    const code = `
      async function load(): Promise<number> {
        return 1;
      }
      export function start() {
        load();
      }
    `;
    expect(await messagesFor(WEB_FILE, code)).toEqual([]);
  });
});

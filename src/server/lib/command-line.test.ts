import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverBundle } from '../../../tests/support/server-bundle';
import { PROJECT_ROOT } from '../paths';

/**
 * Every command-line tool (each file scripts/build-server.mjs builds into dist/server/cli) reads
 * its arguments with parseArgs: --help prints the usage and exits 0 without touching a database,
 * and an unknown option is refused with exit code 2 (`promote --help` once looked for a user
 * named "--help").
 */
const CLI_FOLDERS = ['src/server/cli'];
const tools = CLI_FOLDERS.flatMap((folder) =>
  readdirSync(path.join(PROJECT_ROOT, folder))
    .filter((name) => /^[^.]+\.ts$/.test(name))
    .map((name) => ({ name: path.basename(name, '.ts') })),
);

function run(name: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // A DATA_DIR that does not exist: a tool that went past its arguments would show it by failing differently.
    const { DATABASE_URL: _inherited, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: '/nonexistent-cli-test' };
    execFile(process.execPath, [serverBundle.tool(name), ...args], { cwd: PROJECT_ROOT, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the command-line tools', () => {
  it('are the six the README names', () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual(['backup', 'migrate', 'promote', 'reset-password', 'restore', 'seed']);
  });

  it.each(tools)('$name --help prints its usage and exits 0; an unknown option exits 2', async ({ name }) => {
    const [help, unknown] = await Promise.all([run(name, ['--help']), run(name, ['--no-such-option', 'x@example.com'])]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain(`node dist/server/cli/${name}.js`);
    expect(help.stdout).toMatch(/^Usage: npm run \S+/);
    expect(help.stdout).toContain('-h, --help');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--no-such-option'");
    expect(unknown.stderr).toContain('Usage:');
    expect(unknown.stdout).toBe('');
  });
});

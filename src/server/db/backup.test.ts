import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBundle } from '../../../tests/support/server-bundle';
import { startServerProcess, type ServerProcess } from '../../../tests/support/server-process';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { PROJECT_ROOT } from '../paths';

/**
 * Issue 20: `npm run backup` while the store runs on its embedded database (the store holds the
 * folder, so the tool asks it for a snapshot), `npm run restore` into another folder, and
 * `npm run reset-password` there: real processes, as an operator runs them.
 */
const folders: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function freshFolder() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  folders.push(folder);
  return folder;
}

async function startOn(dataDir: string) {
  // A first start creates the database (initdb): slow on a busy machine.
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: undefined, EMAIL_VERIFICATION: 'off' }, { startTimeoutMs: 180_000 });
  servers.push(server);
  return server;
}

/** Runs a command-line tool (the run's build of it) on `dataDir`, with `input` on its standard input. */
function tool(name: string, dataDir: string, args: string[] = [], input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _inherited, ...env } = process.env;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [serverBundle.tool(name), ...args],
      { cwd: PROJECT_ROOT, env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}

const signIn = (server: ServerProcess, email: string, password: string) =>
  fetch(`${server.origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe.runIf(testDatabaseKind() === 'pglite')('backup and restore of the embedded database', () => {
  it('backs up a running store, restores into a fresh folder, and the customer is there to reset', async () => {
    const original = await freshFolder();
    const store = await startOn(original);
    const email = `kept-${randomUUID().slice(0, 8)}@example.com`;
    const password = `Pw-${randomUUID()}`;
    const signUp = await fetch(`${store.origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: store.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept Customer', email, password }),
    });
    expect(signUp.status, await signUp.text()).toBe(200);

    // While the store runs: it takes the snapshot and keeps serving.
    const online = await tool('backup', original);
    expect(online.code, online.stderr).toBe(0);
    expect(online.stderr).toContain('Asked the running store');
    const backupFile = online.stdout.trim();
    expect(path.dirname(backupFile)).toBe(path.join(original, 'backups'));
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(store.output()).toContain('wrote a backup of the embedded database');
    expect((await signIn(store, email, password)).status).toBe(200);
    // The running store holds the folder: the reset says to stop it, and changes nothing.
    const refused = await tool('reset-password', original, [email], 'Another-Pass-2468\n');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Stop the store first');

    // With no store running, the tool opens the folder itself.
    await store.stop();
    const offline = await tool('backup', original);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout.trim()).not.toBe(backupFile);

    const restored = await freshFolder();
    const first = await tool('restore', restored, [backupFile]);
    expect(first.code, first.stderr).toBe(0);
    // The first admin the store made, and the customer who signed up.
    expect(first.stdout).toContain(`into ${path.join(restored, 'pglite')} (accounts: 2,`);
    // Over an existing database: the old one is kept aside, never deleted.
    const second = await tool('restore', restored, [offline.stdout.trim()]);
    expect(second.code, second.stderr).toBe(0);
    expect((await readdir(restored)).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(1);

    // The customer is there, with the two sessions of the sign-up and the sign-in (operator-password.test.ts signs in after a reset).
    const reset = await tool('reset-password', restored, [email], `New-${randomUUID()}\n`);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`Set the password of ${email}; ended 2 sessions`);
  }, 480_000);
});

import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../tests/support/server-process';
import { FIRST_ADMIN_PASSWORD_FILE, makeDataDirPrivate } from './private-data-dir';

/**
 * Issue 19: the outbox's .eml files (live reset and sign-in links) and the database files were
 * world-readable (0644 in 0755 folders), and the first admin's password went to standard output
 * (under systemd, into the journal). Now DATA_DIR is 0700 and its files 0600, and without a
 * terminal the password goes to a 0600 file the banner names.
 */
let dataDir: string;
let store: ServerProcess;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-private-'));
  // What an older version left behind: readable by everyone.
  await mkdir(path.join(dataDir, 'outbox'), { mode: 0o755 });
  await writeFile(path.join(dataDir, 'outbox', 'old-reset-link.eml'), 'Subject: Reset your password\n', { mode: 0o644 });
  await chmod(dataDir, 0o755);
  store = await startServerProcess(
    { DATA_DIR: dataDir, DATABASE_URL: undefined, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, AUTH_SECRET: undefined },
    { startTimeoutMs: 120_000 },
  );
}, 150_000);
afterAll(async () => {
  await store?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function everyEntry(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.map((entry) => path.join(entry.parentPath, entry.name));
}

describe('DATA_DIR', () => {
  it('is open to its owner only: the folder 0700, every file in it 0600, also the ones an older version left', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const open: string[] = [];
    for (const entry of await everyEntry(dataDir)) {
      const mode = (await stat(entry)).mode & 0o777;
      if (mode & 0o077) open.push(`${path.relative(dataDir, entry)} ${mode.toString(8)}`);
    }
    expect(open).toEqual([]);
    expect((await stat(path.join(dataDir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'outbox', 'old-reset-link.eml'))).mode & 0o777).toBe(0o600);
  });

  it('holds the first admin password in a 0600 file the banner names, when no terminal shows it', async () => {
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(store.output()).toContain(`Password: in ${file} (readable by this user only)`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const [email, password] = (await readFile(file, 'utf8')).trim().split('\n');
    expect(email).toBe('admin@store.localhost');
    expect(password).toMatch(/^\S{12,}$/);
    // ...and never in what the process wrote out.
    expect(store.output()).not.toContain(password!);
    const signIn = await fetch(`${store.origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: store.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
  });
});

describe('DATA_DIR shared by processes', () => {
  it('is made private while another process renames its outbox files in it: a file gone meanwhile stops nobody', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'private-race-'));
    const outbox = path.join(dataDir, 'outbox');
    await mkdir(outbox);
    try {
      // Another process's mail being written: each `.part` file renamed into place as soon as it exists.
      let writing = true;
      const other = (async () => {
        for (let i = 0; writing; i += 1) {
          const file = path.join(outbox, `${i}.eml`);
          await writeFile(`${file}.part`, 'mail', { mode: 0o644 });
          await rename(`${file}.part`, file);
          await rm(file);
        }
      })();
      try {
        for (let round = 0; round < 200; round += 1) await makeDataDirPrivate(dataDir);
      } finally {
        writing = false;
        await other;
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

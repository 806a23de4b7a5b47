import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../tests/support/server-process';
import { testDatabaseKind } from '../../../tests/support/test-database';

/**
 * A server killed with SIGKILL leaves its lock on the embedded database's folder behind. A
 * supervisor restarts it at once, and that start used to be refused for the 15 s the lock took to
 * go stale (systemd gives up after a few quick failures). The embedded database only exists in
 * the PGlite project.
 */
let dataDir: string;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await rm(dataDir, { recursive: true, force: true });
});

/** A real server process on the embedded database in `dataDir` (DATABASE_URL unset, not inherited). */
async function startOnDataDir() {
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  servers.push(server);
  return server;
}

describe.runIf(testDatabaseKind() === 'pglite')('restart after a crash (embedded database)', () => {
  it('a server started right after the previous one was killed takes over its folder and serves', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crash-restart-'));
    const firstStarted = Date.now();
    const first = await startOnDataDir();
    // The first start (which also creates and seeds the database) is the yardstick for this
    // machine's load at this moment: a restart that waited out the stale lock takes 15 s more.
    const firstStartMs = Date.now() - firstStarted;
    expect(first.output()).toContain('"database":"pglite"');
    const killed = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await killed;

    const started = Date.now();
    const second = await startOnDataDir();
    // Opening and checking the folder takes a moment; waiting out the stale lock took 15 s or more.
    expect(Date.now() - started).toBeLessThan(firstStartMs + 10_000);
    const res = await fetch(`${second.origin}/api/items`);
    expect(res.status).toBe(200);
  }, 90_000);

  it('a second server on a folder whose server is running exits with the "in use" message', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crash-restart-'));
    const first = await startOnDataDir();
    await expect(startOnDataDir()).rejects.toThrow(/exited with code 1 before listening[\s\S]*is in use by another store process/);
    expect((await fetch(`${first.origin}/api/items`)).status).toBe(200);
  }, 90_000);
});

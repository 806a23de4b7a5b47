import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

const lockPath = () => path.join(dir, 'store.lock');
const ownerPath = () => path.join(dir, 'store.lock.owner.json');

/** A lock directory as another process would leave it, with the owner record it would write (if any). */
async function plantLock(owner: { pid: number; hostname: string; processStart: string | null } | null, ageMs = 0) {
  await mkdir(lockPath());
  const when = new Date(Date.now() - ageMs);
  await utimes(lockPath(), when, when);
  if (!owner) return;
  const lock = await stat(lockPath());
  await writeFile(ownerPath(), JSON.stringify({ ...owner, lockIno: lock.ino, lockBirthtimeMs: lock.birthtimeMs }));
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('refuses a second holder of the same folder until the first lets go', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
    const release = await lockDataDir(dir, () => {});
    await expect(lockDataDir(dir, () => {})).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(lockDataDir(dir, () => {})).rejects.toThrow(/in use by another store process/);
    await release();
    const again = await lockDataDir(dir, () => {});
    await again();
  });

  it('takes over at once the lock of a process on this host that was killed', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', `import { lockDataDir } from './src/server/db/data-dir-lock.ts';
        await lockDataDir(${JSON.stringify(dir)}, () => {});
        console.log('locked');
        setInterval(() => {}, 1000);`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.once('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
    });
    await expect(lockDataDir(dir, () => {}, { waitForUnknownOwnerMs: 0 })).rejects.toBeInstanceOf(DataDirInUseError);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const takenFrom: number[] = [];
    const release = await lockDataDir(dir, () => {}, { waitForUnknownOwnerMs: 0, onTakeOver: (pid) => takenFrom.push(pid) });
    expect(takenFrom).toEqual([child.pid]);
    await release();
  });

  it('takes over a lock whose recorded pid now belongs to another program (a reused pid)', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
    // Our own pid is certainly running; the recorded start time says it was another process.
    await plantLock({ pid: process.pid, hostname: os.hostname(), processStart: '1' });
    const takenFrom: number[] = [];
    const release = await lockDataDir(dir, () => {}, { waitForUnknownOwnerMs: 0, onTakeOver: (pid) => takenFrom.push(pid) });
    expect(takenFrom).toEqual([process.pid]);
    await release();
  });

  it.each([
    ['no owner record', null],
    ['an owner on another host', { pid: 999_999, hostname: 'another-host.invalid', processStart: null }],
  ])('waits for a fresh lock with %s, then refuses', async (_name, owner) => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
    await plantLock(owner);
    const started = Date.now();
    await expect(lockDataDir(dir, () => {}, { waitForUnknownOwnerMs: 1200 })).rejects.toBeInstanceOf(DataDirInUseError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
  });

  it('takes a lock with no owner record once it has gone stale', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
    await plantLock(null, 20_000);
    const release = await lockDataDir(dir, () => {}, { waitForUnknownOwnerMs: 0 });
    await release();
  });

  it('does not believe an owner record left by an earlier lock', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
    // A dead process's record, but for a lock directory that no longer exists.
    await plantLock({ pid: await deadPid(), hostname: os.hostname(), processStart: null });
    await rm(lockPath(), { recursive: true });
    await mkdir(lockPath());
    await expect(lockDataDir(dir, () => {}, { waitForUnknownOwnerMs: 600 })).rejects.toBeInstanceOf(DataDirInUseError);
  });
});

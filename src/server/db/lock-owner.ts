import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';

/**
 * Who holds the data folder's lock, written beside the lock directory (not inside it: a file inside
 * would change the directory's mtime, which proper-lockfile uses to notice that its lock was taken
 * over, and would stop its `rmdir` on release).
 */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** When the process started, in clock ticks since boot (Linux `/proc/<pid>/stat`); null elsewhere. */
  processStart: string | null;
  /** Which lock directory this record belongs to, so a record left by an earlier lock is not believed. */
  lockIno: number;
  lockBirthtimeMs: number;
}

export type OwnerVerdict =
  /** The owner process is running on this host: a second store process, refuse. */
  | { kind: 'alive-here' }
  /** The owner ran on this host and is gone (crashed): its lock directory `ino` may be removed. */
  | { kind: 'dead'; pid: number; ino: number; birthtimeMs: number }
  /** The lock disappeared meanwhile: try again at once. */
  | { kind: 'gone' }
  /** Owner on another host, or no record yet (just starting, or an older version): wait for the lock to go stale. */
  | { kind: 'unknown' };

/** Records this process as the holder of the lock directory at `lockPath` (atomically: write, then rename). */
export async function writeLockOwner(lockPath: string, ownerPath: string): Promise<void> {
  const lock = await stat(lockPath);
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    processStart: await processStartOf(process.pid),
    lockIno: lock.ino,
    lockBirthtimeMs: lock.birthtimeMs,
  };
  const temporary = `${ownerPath}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(owner));
  await rename(temporary, ownerPath);
}

/** Decides from the owner record whether a held lock belongs to a live process, a crashed one, or neither is known. */
export async function judgeLockOwner(lockPath: string, ownerPath: string): Promise<OwnerVerdict> {
  let lock;
  try {
    lock = await stat(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'gone' };
    throw error;
  }
  const owner = await readOwner(ownerPath);
  if (!owner || owner.lockIno !== lock.ino || owner.lockBirthtimeMs !== lock.birthtimeMs) return { kind: 'unknown' };
  if (owner.hostname !== os.hostname()) return { kind: 'unknown' };
  return (await isRunning(owner)) ? { kind: 'alive-here' } : { kind: 'dead', pid: owner.pid, ino: lock.ino, birthtimeMs: lock.birthtimeMs };
}

async function readOwner(ownerPath: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(ownerPath, 'utf8')) as Partial<LockOwner>;
    const valid =
      typeof owner.pid === 'number' &&
      typeof owner.hostname === 'string' &&
      typeof owner.lockIno === 'number' &&
      typeof owner.lockBirthtimeMs === 'number' &&
      (owner.processStart === null || typeof owner.processStart === 'string');
    return valid ? (owner as LockOwner) : null;
  } catch {
    // Missing, half-written by an older version, or garbage: nothing to go on.
    return null;
  }
}

/**
 * Whether the recorded process still runs. A pid can be reused by an unrelated process (after a
 * container restart the new server often gets the crashed one's pid); the start time tells them
 * apart where /proc exists. Without it a reused pid looks alive, which only delays the restart
 * until the lock goes stale — the safe direction.
 */
async function isRunning(owner: LockOwner): Promise<boolean> {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (owner.processStart === null) return true;
  const current = await processStartOf(owner.pid);
  return current === null || current === owner.processStart;
}

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null without /proc. */
async function processStartOf(pid: number): Promise<string | null> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lockfile from 'proper-lockfile';
import { judgeLockOwner, writeLockOwner } from './lock-owner';

export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another store process (server, migration or seed). ` +
        'Stop that process first, or point DATA_DIR to another folder. ' +
        'Two processes on one embedded database would silently lose writes.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** A held lock is refreshed every UPDATE_MS; one not refreshed for STALE_MS is abandoned. */
const STALE_MS = 15_000;
const UPDATE_MS = 5_000;
/** How long a start waits for a lock whose owner it cannot check (another host, no owner record): past STALE_MS. */
const WAIT_FOR_UNKNOWN_OWNER_MS = 20_000;
const RETRY_EVERY_MS = 500;

export interface LockOptions {
  /** Told when the lock of a process that stopped without releasing it (a crash) was taken over. */
  onTakeOver?: (previousOwnerPid: number) => void;
  /** Tests shorten the wait for a lock whose owner cannot be checked. */
  waitForUnknownOwnerMs?: number;
}

/**
 * Takes an exclusive lock on the embedded database's folder for the life of this process, and
 * records who holds it. A lock left by a crashed process on this host is taken over at once
 * (see docs/decisions/002); a live holder on this host is refused at once; a holder that cannot
 * be checked is waited for until its lock goes stale. Returns the function that releases it.
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
  { onTakeOver, waitForUnknownOwnerMs = WAIT_FOR_UNKNOWN_OWNER_MS }: LockOptions = {},
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'store.lock');
  const ownerPath = path.join(dataDir, 'store.lock.owner.json');
  const giveUpAt = Date.now() + waitForUnknownOwnerMs;
  for (;;) {
    try {
      const release = await lockfile.lock(dataDir, {
        lockfilePath: lockPath,
        stale: STALE_MS,
        update: UPDATE_MS,
        retries: 0,
        onCompromised: onLost,
      });
      await writeLockOwner(lockPath, ownerPath).catch(async (error: unknown) => {
        await release();
        throw error;
      });
      return async () => {
        await rm(ownerPath, { force: true });
        await release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    }
    const owner = await judgeLockOwner(lockPath, ownerPath);
    if (owner.kind === 'alive-here') throw new DataDirInUseError(dataDir);
    if (owner.kind === 'dead') {
      if (await removeDeadLock(lockPath, owner.ino, owner.birthtimeMs)) onTakeOver?.(owner.pid);
      continue;
    }
    if (owner.kind === 'gone') continue;
    if (Date.now() >= giveUpAt) throw new DataDirInUseError(dataDir);
    await sleep(RETRY_EVERY_MS);
  }
}

/**
 * Removes the lock directory judged dead, and only that one (true when it did): it is first renamed aside (atomic),
 * and if what was moved turns out to be a newer lock that another starting process took meanwhile,
 * it is put back before that process's next refresh notices anything. (Should even that fail, the
 * other process finds its lock gone at its next refresh and stops: the safe way round.)
 */
async function removeDeadLock(lockPath: string, ino: number, birthtimeMs: number): Promise<boolean> {
  const aside = `${lockPath}.dead-${randomUUID()}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = await stat(aside);
  if (moved.ino === ino && moved.birthtimeMs === birthtimeMs) {
    await rmdir(aside);
    return true;
  }
  await rename(aside, lockPath).catch(() => rmdir(aside));
  return false;
}

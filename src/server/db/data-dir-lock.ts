import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

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

/**
 * Takes an exclusive lock on the embedded database's folder for the life of this process.
 * The lock is refreshed every few seconds, so one left by a crashed process goes stale and
 * the next start can take it. Returns the function that releases it.
 */
export async function lockDataDir(dataDir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'store.lock'),
      stale: 15_000,
      update: 5_000,
      retries: 0,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
    throw error;
  }
}

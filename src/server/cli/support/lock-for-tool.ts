import type { AppConfig } from '../../config';
import { lockDataDir } from '../../db/data-dir-lock';
import { EXIT } from '../../lib/command-line';

/**
 * For a command-line tool on the embedded database: takes the data folder's lock, or says why not
 * (a running store holds it) with `whileRunning`, what to do instead, and exits 1. Answers the
 * function that releases it; on PostgreSQL there is nothing to lock and it answers null.
 */
export async function lockDataDirForTool(config: Pick<AppConfig, 'database' | 'dataDir'>, whileRunning: string): Promise<(() => Promise<void>) | null> {
  if (config.database.kind !== 'pglite') return null;
  try {
    return await lockDataDir(config.dataDir, () => process.exit(EXIT.failed));
  } catch (error) {
    console.error(`${(error as Error).message}\n${whileRunning}`);
    process.exit(EXIT.failed);
  }
}
